/**
 * Purges never serve errors, with real Varnish running the shipped VCL in front of an origin that
 * can be made overloaded: its pages answer 503, and its health check too, so the probe calls it sick
 * after a second or two. A page purged (hard) while the probe says sick, or in the moment before it
 * does, is served from its stale copy; once the origin is well, the next visitor gets the new page.
 * A brotli browser gets the purged page fetched once, not on every request. Skipped with a message
 * where varnishd is absent.
 */
import { overloadableOrigin, probedHealthy, probedSick, type OverloadableOrigin } from '../../test/overloadable-origin';
import { startVarnish, varnishMissing, type Varnish } from '../../test/varnish';

const missing = varnishMissing();
if (missing) console.warn(missing);
const describeVarnish = missing ? describe.skip : describe;

const get = async (cache: Varnish, path: string) => {
  const answer = await fetch(`${cache.url}${path}`);
  return { status: answer.status, body: await answer.text() };
};

const purge = (cache: Varnish, header: 'xkey-purge' | 'xkey-softpurge', tags: string) =>
  fetch(cache.url, { method: 'PURGE', headers: { [header]: tags } });

describeVarnish('a purge while the origin is overloaded', () => {
  let served: OverloadableOrigin;
  let cache: Varnish;
  beforeAll(async () => {
    served = await overloadableOrigin();
    cache = await startVarnish(served.port);
    await probedHealthy(cache.url);
  }, 30_000);
  afterAll(async () => {
    await cache?.stop();
    served?.close();
  });
  afterEach(async () => {
    served.state.overloaded = false;
    await probedHealthy(cache.url);
  }, 30_000);

  it('serves the stale copy when the probe says sick, and the new page once the origin is well', async () => {
    expect((await get(cache, '/sick')).body).toBe('<p>version 1 of /sick</p>');
    served.state.overloaded = true;
    await probedSick(cache.url, served);
    served.state.version = 2;
    await purge(cache, 'xkey-purge', 'page');
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(cache, '/sick')));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 200, body: '<p>version 1 of /sick</p>' })));

    served.state.overloaded = false;
    await probedHealthy(cache.url);
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

  it('keeps a soft purge soft when it follows a hard purge within the same millisecond', async () => {
    served.state.version = 5;
    for (const path of ['/hard', '/soft']) await get(cache, path);
    served.state.version = 6;
    // As the purge relay sends a release: the hard tags, then at once the soft ones.
    await purge(cache, 'xkey-purge', 'path:/hard');
    await purge(cache, 'xkey-softpurge', 'path:/soft');
    expect((await get(cache, '/hard')).body).toBe('<p>version 6 of /hard</p>');
    // Marked stale, not invalidated: served from the cache at once, refreshed behind it.
    expect((await get(cache, '/soft')).body).toBe('<p>version 5 of /soft</p>');
  }, 30_000);

  it('keeps no copy of a page fetched while a purge of it arrived', async () => {
    served.state.version = 9;
    served.state.answerAfterMs = 300;
    const underway = get(cache, '/underway');
    await new Promise((resolve) => setTimeout(resolve, 100));
    served.state.version = 10;
    await purge(cache, 'xkey-purge', 'path:/underway');
    served.state.answerAfterMs = 0;
    // Its visitor gets what the origin rendered; the next one the page after the change.
    expect((await underway).body).toBe('<p>version 9 of /underway</p>');
    expect((await get(cache, '/underway')).body).toBe('<p>version 10 of /underway</p>');
  }, 30_000);

  it('fetches a hard-purged page once for a brotli browser, then serves it from the cache again', async () => {
    const brotli = () => fetch(`${cache.url}/brotli`, { headers: { 'Accept-Encoding': 'br, gzip' } }).then((a) => a.text());
    served.state.version = 11;
    await brotli();
    served.state.version = 12;
    await purge(cache, 'xkey-purge', 'path:/brotli');
    const before = served.state.pageFetches;
    for (let i = 0; i < 3; i++) expect(await brotli()).toBe('<p>version 12 of /brotli</p>');
    expect(served.state.pageFetches - before).toBe(1);
  }, 30_000);
});
