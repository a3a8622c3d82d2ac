/**
 * The site behind real Varnish, for the edge suites: the api (its own data directory, purging the
 * Varnish instances it is given), a counting proxy between the caches and the api (what the origin
 * sees), and one or more Varnish instances running the shipped VCL. Skipped with a message where
 * varnishd is absent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startVarnish, varnishMissing, type Varnish } from '../../api/test/varnish';
import { startSite, type Site } from './site';

export { varnishMissing };

/** `describe`, or `describe.skip` with the reason printed where Varnish cannot run. */
export function describeBehindVarnish(name: string, body: () => void): void {
  const missing = varnishMissing();
  if (missing) {
    console.warn(missing);
    describe.skip(name, body);
  } else describe(name, body);
}

export interface OriginRequest {
  method: string;
  url: string;
  status: number;
  cacheControl: string;
  cookies: string;
}

/** A proxy in front of the api that records every request the caches make of it. */
export interface CountingOrigin {
  port: number;
  /** The api's port, once it is known (the caches start before the api, which names them). */
  target: number;
  requests: OriginRequest[];
  /** Requests for `url` (path and query) so far. */
  count(url: string): number;
  close(): Promise<void>;
}

export async function countingOrigin(): Promise<CountingOrigin> {
  const requests: OriginRequest[] = [];
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: origin.target, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        requests.push({
          method: req.method ?? '',
          url: req.url ?? '',
          status: answer.statusCode ?? 0,
          cacheControl: String(answer.headers['cache-control'] ?? ''),
          cookies: String(req.headers.cookie ?? ''),
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin: CountingOrigin = {
    port: (server.address() as AddressInfo).port,
    target: 0,
    requests,
    count: (url) => requests.filter((r) => r.url === url && r.method === 'GET').length,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return origin;
}

export interface EdgeSite {
  site: Site;
  origin: CountingOrigin;
  caches: Varnish[];
  stop(): Promise<void>;
}

/**
 * The api with `env`, purging `cacheCount` Varnish instances that all fetch through one counting
 * proxy. The proxy and the caches listen first, so the api's port can be none of theirs.
 */
export async function startEdgeSite(env: Record<string, string>, cacheCount = 1): Promise<EdgeSite> {
  const origin = await countingOrigin();
  const caches: Varnish[] = [];
  let site: Site | undefined;
  const stop = async () => {
    for (const cache of caches) await cache.stop();
    await origin.close();
    await site?.stop();
  };
  try {
    for (let i = 0; i < cacheCount; i++) caches.push(await startVarnish(origin.port));
    site = await startSite({
      EDGE_PURGE: caches.map((cache) => `varnish:${cache.url}`).join(','),
      // One instance: a purge's first pass already waits until it serves the new build, so no third
      // pass 22 s on (for instances still warming) lands in the middle of what a suite counts.
      EDGE_PURGE_SETTLE_MS: '0',
      TRUST_PROXY_HOPS: '1',
      ...env,
    });
  } catch (error) {
    await stop();
    throw error;
  }
  origin.target = site.port;
  // Each cache's probe marks the api healthy a second or two after it answers.
  for (const cache of caches) await waitForHealthy(cache.url);
  return { site, origin, caches, stop };
}

/** Resolves once the cache at `url` reaches the api (its probe finds it healthy). */
export async function waitForHealthy(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await fetch(`${url}/api/health`).catch(() => undefined))?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not reach the api within ${timeoutMs} ms`);
}

/** A GET through a cache, as a browser sends it (brotli accepted). */
export async function edgeGet(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'br, gzip', ...headers }, redirect: 'manual' });
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, hit: response.headers.get('x-cache') === 'HIT' };
}

/** The nine pages the edge is judged on: one of each kind a visitor lands on. */
export const MAIN_PAGES = [
  '/',
  '/products/card-linked-offers',
  '/solutions/retail',
  '/case-studies',
  '/case-studies/sling-tv-case-study',
  '/blog/offers-api-announcement',
  '/company/careers',
  '/company/careers/senior-backend-engineer',
  '/invest',
] as const;
