/** Starts the api: `npm start` at the root runs this after building what is missing. */
import { createApp } from './app';

const app = createApp();
const server = app.koa.listen(app.config.port, app.config.host, () => {
  app.logger.info({ port: app.config.port }, `site ready on http://localhost:${app.config.port}`);
});

function shutdown(signal: string) {
  app.logger.info({ signal }, 'shutting down');
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
