/**
 * Purges never serve errors, with real Varnish running the shipped VCL in front of an origin that
 * can be made overloaded: its pages answer 503, and its health check too, so the probe calls it sick
 * after a second or two. A page purged (hard) while the probe says sick, or in the moment before it
 * does, is served from its stale copy; once the origin is well, the next visitor gets the new page.
 * Skipped with a message where varnishd is absent.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startVarnish, varnishMissing, type Varnish } from '../../test/varnish';

const missing = varnishMissing();
if (missing) console.warn(missing);
const describeVarnish = missing ? describe.skip : describe;

/** An origin answering every page as the api does (shared, tagged), with its version in the body. */
async function origin() {
  const state = { version: 1, overloaded: false, pageFetches: 0 };
  const server = http.createServer((req, res) => {
    if (req.url === '/api/health') return res.writeHead(state.overloaded ? 503 : 200).end();
    state.pageFetches += 1;
    if (state.overloaded) return res.writeHead(503, { 'Cache-Control': 'no-store', 'Retry-After': '5' }).end('overloaded');
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400',
      xkey: 'page site',
    });
    res.end(`<p>version ${state.version} of ${req.url}</p>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

const get = async (cache: Varnish, path: string) => {
  const answer = await fetch(`${cache.url}${path}`);
  return { status: answer.status, body: await answer.text() };
};

const purge = (cache: Varnish, header: 'xkey-purge' | 'xkey-softpurge', tags: string) =>
  fetch(cache.url, { method: 'PURGE', headers: { [header]: tags } });

/** Resolves once Varnish no longer asks the origin for a page it lacks (its probe says sick). */
async function probedSick(cache: Varnish, served: Awaited<ReturnType<typeof origin>>): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const before = served.state.pageFetches;
    await get(cache, `/never-cached-${crypto.randomUUID()}`);
    if (served.state.pageFetches === before) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the probe never called the origin sick');
}

/** Resolves once Varnish fetches a page it lacks again (its probe says healthy). */
async function probedHealthy(cache: Varnish): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await get(cache, `/never-cached-${crypto.randomUUID()}`)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the probe never called the origin healthy');
}

describeVarnish('a purge while the origin is overloaded', () => {
  let served: Awaited<ReturnType<typeof origin>>;
  let cache: Varnish;
  beforeAll(async () => {
    served = await origin();
    cache = await startVarnish(served.port);
    await probedHealthy(cache);
  }, 30_000);
  afterAll(async () => {
    await cache?.stop();
    served?.close();
  });
  afterEach(async () => {
    served.state.overloaded = false;
    await probedHealthy(cache);
  }, 30_000);

  it('serves the stale copy when the probe says sick, and the new page once the origin is well', async () => {
    expect((await get(cache, '/sick')).body).toBe('<p>version 1 of /sick</p>');
    served.state.overloaded = true;
    await probedSick(cache, served);
    served.state.version = 2;
    await purge(cache, 'xkey-purge', 'page');
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(cache, '/sick')));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 200, body: '<p>version 1 of /sick</p>' })));

    served.state.overloaded = false;
    await probedHealthy(cache);
    expect((await get(cache, '/sick')).body).toBe('<p>version 2 of /sick</p>');
  }, 30_000);

  it('serves the stale copy when the origin fails before the probe notices', async () => {
    served.state.version = 3;
    expect((await get(cache, '/failing')).body).toBe('<p>version 3 of /failing</p>');
    served.state.overloaded = true;
    served.state.version = 4;
    await purge(cache, 'xkey-purge', 'page');
    const answer = await get(cache, '/failing');
    expect(answer).toEqual({ status: 200, body: '<p>version 3 of /failing</p>' });
  }, 30_000);
});
