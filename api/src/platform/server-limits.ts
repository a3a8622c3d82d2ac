/**
 * The HTTP server with limits a slow or greedy client cannot outwait. Node's defaults give a client
 * 60 s to send its headers and 300 s for its request, with no cap on open connections: a few hundred
 * idle sockets would hold the process. Limits come from the config (HEADERS_TIMEOUT_MS and friends).
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { limitKey } from './address-prefixes';
import type { ServerLimits } from './config';

/** How often Node checks the header and request deadlines; its default (30 s) would let a 10 s limit run to 40 s. */
const CHECK_EVERY_MS = 1000;

export function createHttpServer(handler: http.RequestListener, limits: ServerLimits): http.Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Above the load balancer's idle timeout, so it never sends a request on a socket the api is closing.
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(CHECK_EVERY_MS, limits.headersTimeoutMs),
    },
    handler,
  );
  // Connections past the cap are closed at once, leaving room for those being served.
  server.maxConnections = limits.maxConnections;
  if (limits.maxConnectionsPerClient > 0) capPerClient(server, limits.maxConnectionsPerClient);
  return server;
}

/**
 * Closes a client's connection on arrival while that address already holds `cap` of them: a thousand
 * idle sockets from one client would otherwise fill `maxConnections` and refuse everybody else until
 * the header timeout, again and again. Browsers open six at most per site.
 */
function capPerClient(server: http.Server, cap: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    // One IPv4 address or IPv6 /64 (address-prefixes.ts): a /64's 2^64 addresses are one machine's.
    const client = limitKey(socket.remoteAddress ?? '');
    const held = open.get(client) ?? 0;
    if (held >= cap) {
      socket.destroy();
      return;
    }
    open.set(client, held + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}
