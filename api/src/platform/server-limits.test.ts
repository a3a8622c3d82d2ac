/**
 * Socket limits of the real server: a client that trickles its headers is cut off, connections past
 * the cap are closed at once, and the defaults stay within what the README promises.
 */
import net from 'node:net';
import { loadPlatformConfig } from './config';
import { startServer, type ServerProcess } from '../../test/server-process';

jest.setTimeout(60_000);

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await s.exited();
  }
});

/** A socket and what it received until the server closed it. */
function open(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<{ text: string; at: number }>((resolve) => socket.on('close', () => resolve({ text, at: Date.now() })));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected };
}

describe('HTTP server limits', () => {
  it('defaults: headers within 10 s, a request within 30 s, keep-alive above a 60 s proxy, 1024 connections; never looser', () => {
    expect(loadPlatformConfig({}).server).toEqual({
      drainTimeoutMs: 8000,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
      maxConnections: 1024,
      maxConnectionsPerClient: 64,
    });
    // Behind proxies every connection comes from one of them: no per-address cap unless asked.
    expect(loadPlatformConfig({ TRUST_PROXY_HOPS: '1' }).server.maxConnectionsPerClient).toBe(0);
    expect(() => loadPlatformConfig({ HEADERS_TIMEOUT_MS: '60000' })).toThrow(/HEADERS_TIMEOUT_MS must be between 1 and 10000/);
    expect(() => loadPlatformConfig({ REQUEST_TIMEOUT_MS: '300000' })).toThrow(/REQUEST_TIMEOUT_MS must be between 1 and 30000/);
  });

  it('answers 408 and closes a connection whose headers do not arrive in time', async () => {
    const server = await startServer({ HEADERS_TIMEOUT_MS: '1000' });
    servers.push(server);
    const slow = open(server.port);
    await slow.connected;
    const started = Date.now();
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    const { text, at } = await slow.closed;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(at - started).toBeLessThan(3000);
  });

  it('closes connections past the cap at once and keeps serving the ones it holds', async () => {
    const server = await startServer({ MAX_CONNECTIONS: '2' });
    servers.push(server);
    const held = [open(server.port), open(server.port)];
    await Promise.all(held.map((h) => h.connected));
    const extra = open(server.port);
    expect((await extra.closed).text).toBe('');
    const first = held[0]!;
    first.socket.end('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect((await first.closed).text).toMatch(/^HTTP\/1\.1 200/);
    held[1]!.socket.destroy();
  });

  it("caps one client's idle sockets, so another visitor still gets in", async () => {
    const server = await startServer({ MAX_CONNECTIONS: '40', MAX_CONNECTIONS_PER_CLIENT: '10' });
    servers.push(server);
    // 60 idle sockets from 127.0.0.2 (one client): past its cap they are closed on arrival.
    const greedy = Array.from({ length: 60 }, () => {
      const socket = net.connect({ port: server.port, host: '127.0.0.1', localAddress: '127.0.0.2' });
      socket.on('error', () => undefined);
      return socket;
    });
    await new Promise<void>((resolve) => setTimeout(resolve, 500));
    const stillOpen = greedy.filter((s) => !s.destroyed && s.readyState === 'open').length;
    expect(stillOpen).toBeLessThanOrEqual(10);
    // Another client (127.0.0.1) is served at once, not after the header timeout.
    const started = Date.now();
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    for (const s of greedy) s.destroy();
  });
});
