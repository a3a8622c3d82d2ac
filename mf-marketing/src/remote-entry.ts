export { default, loadPage } from './routes';
