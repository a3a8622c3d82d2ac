export { default, loadPage, pageFiles } from './routes';
