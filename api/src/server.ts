/**
 * Starts the api: `npm start` at the root runs the compiled copy of this file (api/dist/server.js)
 * after building what is missing. Start: open the lead store (migrations) before listening.
 * SIGTERM/SIGINT: stop accepting connections, let the requests in flight finish within
 * DRAIN_TIMEOUT_MS, then stop the background work (the outbox relay finishes its deliveries and so
 * holds no lease, the measurements buffered in memory are written), close the databases, exit 0.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from './app';
import { drain, trackRequests } from './platform/drain';
import { createHttpServer } from './platform/server-limits';

/** Past the drain, the background work and the databases get this long to close. */
const CLOSE_MS = 5000;

async function main(): Promise<void> {
  const app = createApp();
  await app.start();
  // The first visitor gets a worker that has already loaded the content and the shell's build.
  await app.warm();
  const server = createHttpServer(app.koa.callback(), app.config.server);
  const requests = trackRequests(server);
  // Unready (503 warming) from its first answer until its pages are rendered once (site/warm-up.ts).
  app.warmUp.begin();
  server.listen(app.config.port, app.config.host, () => {
    app.logger.info({ port: app.config.port }, `site ready on http://localhost:${app.config.port}`);
    void app.warmPages(listeningOrigin(server));
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    void shutdown(app, server, requests, signal);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

/** Where this process itself reaches the server it listens with. */
function listeningOrigin(server: Server): string {
  const address = server.address() as AddressInfo;
  if (address.address === '0.0.0.0' || address.address === '::') return `http://127.0.0.1:${address.port}`;
  return address.family === 'IPv6' ? `http://[${address.address}]:${address.port}` : `http://${address.address}:${address.port}`;
}

async function shutdown(app: App, server: Server, requests: ReturnType<typeof trackRequests>, signal: string): Promise<void> {
  const started = performance.now();
  const deadlineMs = app.config.server.drainTimeoutMs;
  app.lifecycle.shuttingDown = true;
  // Logged once new connections are refused: what the kernel had already queued is being answered.
  const cut = await drain(server, requests, deadlineMs, () =>
    app.logger.info({ signal, inFlight: requests.inFlight(), deadlineMs }, 'shutting down'),
  );
  if (cut > 0) app.logger.error({ cut }, 'drain deadline passed: requests still in flight were cut');
  // A store that never answers must not keep a deploy waiting forever.
  setTimeout(() => {
    app.logger.error('background work did not stop in time, exiting');
    process.exit(1);
  }, CLOSE_MS).unref();
  await app.close();
  app.logger.info({ ms: Math.round(performance.now() - started) }, 'stopped');
  process.exit(cut > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  // Content and configuration errors name the file and the field: print the message, not a stack.
  console.error(`api failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
