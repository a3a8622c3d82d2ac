/**
 * An origin for the Varnish purge tests and bench: every page answered as the api answers one
 * (shared, tagged `page site` and `path:<its path>`, its version in the body), and a switch that makes it overloaded: its
 * pages answer 503, and its health check too, so Varnish's probe calls it sick a second or two later.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OverloadableOrigin {
  state: { version: number; overloaded: boolean; pageFetches: number; answerAfterMs: number };
  port: number;
  close(): void;
}

export async function overloadableOrigin(): Promise<OverloadableOrigin> {
  const state = { version: 1, overloaded: false, pageFetches: 0, answerAfterMs: 0 };
  const server = http.createServer(async (req, res) => {
    if (req.url === '/api/health') return res.writeHead(state.overloaded ? 503 : 200).end();
    state.pageFetches += 1;
    if (state.overloaded) return res.writeHead(503, { 'Cache-Control': 'no-store', 'Retry-After': '5' }).end('overloaded');
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400',
      xkey: `page site path:${req.url}`,
    });
    // Rendered now, sent later: as a slow render answers with what it read when it started.
    const body = `<p>version ${state.version} of ${req.url}</p>`;
    if (state.answerAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, state.answerAfterMs));
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** A page Varnish has never cached: a 200 means it fetched from the origin. */
const uncached = async (cacheUrl: string) => (await fetch(`${cacheUrl}/never-cached-${crypto.randomUUID()}`)).status;

/** Resolves once Varnish no longer asks the origin for a page it lacks (its probe says sick). */
export async function probedSick(cacheUrl: string, origin: OverloadableOrigin): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const before = origin.state.pageFetches;
    await uncached(cacheUrl);
    if (origin.state.pageFetches === before) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the probe never called the origin sick');
}

/** Resolves once Varnish fetches a page it lacks again (its probe says healthy). */
export async function probedHealthy(cacheUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await uncached(cacheUrl)) === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the probe never called the origin healthy');
}
