/**
 * Starts the api: `npm start` at the root runs this after building what is missing.
 * Start: open the lead store (migrations) before listening. SIGTERM/SIGINT: stop accepting, let
 * in-flight requests finish, drain the outbox relay, close the database, exit.
 */
import type { Server } from 'node:http';
import { createApp, type App } from './app';
import { createHttpServer } from './platform/server-limits';

const GRACE_MS = 10_000;

async function main(): Promise<void> {
  const app = createApp();
  await app.start();
  // The first visitor gets a worker that has already loaded the content and the shell's build.
  await app.warm();
  const server = createHttpServer(app.koa.callback(), app.config.server);
  server.listen(app.config.port, app.config.host, () => {
    app.logger.info({ port: app.config.port }, `site ready on http://localhost:${app.config.port}`);
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void shutdown(app, server, signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function shutdown(app: App, server: Server, signal: string): Promise<void> {
  app.logger.info({ signal }, 'shutting down');
  app.lifecycle.shuttingDown = true;
  // Past the grace period, leave anyway: a stuck connection must not keep a deploy waiting forever.
  setTimeout(() => {
    app.logger.error('shutdown grace period over, exiting');
    process.exit(1);
  }, GRACE_MS).unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections with no request in flight would hold close() open.
    server.closeIdleConnections();
  });
  await app.close();
  app.logger.info('stopped');
  process.exit(0);
}

main().catch((error: unknown) => {
  // Content and configuration errors name the file and the field: print the message, not a stack.
  console.error(`api failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
