/**
 * Every change purges exactly the pages it touches, on every cache, within a second: the site behind
 * two real Varnish instances (the shipped VCL), each main page cached on both, then a content publish,
 * a release, a rollback, a canary ended by the guard and a scheduled publish. Pages the change does
 * not touch stay hits.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { endCanaryChange } from '../api/src/releases/canary/canary-service';
import { GUARD_ACTOR } from '../api/src/releases/canary/canary-guard';
import { openSqlitePurgedRegistry } from '../api/src/script-stores';
import { releaseCli } from './support/release-cli';
import { REPO_ROOT } from './support/site';
import { contentApi } from '../api/test/content-api-client';
import { describeBehindVarnish, edgeGet, MAIN_PAGES, startEdgeSite, type EdgeSite } from './support/edge';

const PUBLISHER = 'edge-purge-publisher';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-releases-'));
const POST = 'offers-api-announcement';

describeBehindVarnish('purges behind two Varnish instances', () => {
  let edge: EdgeSite;
  beforeAll(async () => {
    edge = await startEdgeSite(
      {
        CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
        CONTENT_TOKEN_PUBLISHER: `${sha256(PUBLISHER)}:publisher`,
        RELEASES_DIR: releasesDir,
      },
      2,
    );
  }, 90_000);
  afterAll(async () => {
    await edge?.stop();
    fs.rmSync(releasesDir, { recursive: true, force: true });
  });

  /** mf-company's build with one line more: a version of its own. */
  function buildCopy(label: string): string {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-build-'));
    fs.cpSync(path.join(REPO_ROOT, 'mf-company', 'dist'), build, { recursive: true });
    fs.appendFileSync(path.join(build, 'remoteEntry.js'), `\n// ${label}\n`);
    for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(build, `remoteEntry.js${suffix}`), { force: true });
    return build;
  }

  const cli = releaseCli('mf-company', () => ({ RELEASES_DIR: releasesDir, DATA_DIR: edge.site.dataDir }));
  const caches = () => edge.caches.map((cache) => cache.url);

  /** Every path on every cache, twice: cached (and counted) before a change. */
  async function warm(paths: readonly string[]): Promise<void> {
    for (const cache of caches()) for (const p of paths) for (let i = 0; i < 2; i++) await edgeGet(cache, p);
  }

  /** Milliseconds until `path` satisfies `fresh` on every cache (polled), or a failure after `timeoutMs`. */
  async function freshEverywhere(p: string, fresh: (body: string) => boolean, timeoutMs = 5000): Promise<number> {
    const started = Date.now();
    for (const cache of caches()) {
      for (;;) {
        if (fresh((await edgeGet(cache, p)).body)) break;
        if (Date.now() - started > timeoutMs) throw new Error(`${p} on ${cache} still stale after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    return Date.now() - started;
  }

  /**
   * Until every purge written so far has made both its passes: a change's second pass (two seconds
   * on) purges the same pages again, and must not pass for the purge of the change a test makes next.
   */
  async function purgesSettled(timeoutMs = 10_000): Promise<void> {
    const registry = openSqlitePurgedRegistry(edge.site.dataDir);
    try {
      for (const started = Date.now(); ;) {
        const backlog = await registry.purges.backlog();
        if (backlog.pending + backlog.confirming === 0) return;
        if (Date.now() - started > timeoutMs) throw new Error(`purges still under way: ${JSON.stringify(backlog)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await registry.close();
    }
  }

  async function expectHits(paths: readonly string[]): Promise<void> {
    for (const cache of caches()) for (const p of paths) expect([cache, p, (await edgeGet(cache, p)).hit]).toEqual([cache, p, true]);
  }

  async function editPost(title: string, publish: object = {}): Promise<void> {
    const post = (await (await fetch(`${edge.site.baseUrl}/api/blog/${POST}`)).json()) as object;
    // As a careful script writes: each write names the revision it is based on.
    const content = contentApi(edge.site.baseUrl, PUBLISHER);
    await content.save(`blog/${POST}`, { ...post, title }).expect(200);
    await content.publish(`blog/${POST}`, publish).expect(200);
  }

  it("purges a published post's page, /blog and the sitemap within a second, and nothing else", async () => {
    const untouched = ['/', '/invest', '/company/careers'];
    await warm([`/blog/${POST}`, '/blog', '/sitemap.xml', ...untouched]);
    const title = `Offers API, edited ${crypto.randomUUID()}`;
    await editPost(title);
    expect(await freshEverywhere(`/blog/${POST}`, (body) => body.includes(title))).toBeLessThan(1000);
    expect(await freshEverywhere('/blog', (body) => body.includes(title))).toBeLessThan(1000);
    for (const cache of caches()) expect((await edgeGet(cache, '/sitemap.xml')).hit).toBe(false);
    await expectHits(untouched);
  });

  it("makes a release's pages fresh within a second, and every other page names it without a visitor waiting", async () => {
    await warm(MAIN_PAGES);
    await warm(['/company/about-us']);
    const released = await cli('release', ['--from-dir', buildCopy('released')]);
    expect(released).toMatchObject({ code: 0 });
    const version = /Released mf_company (\S+);/.exec(released.stdout)![1]!;
    const names = (body: string) => body.includes(`/remotes/mf_company/${version}/`);
    expect(await freshEverywhere('/company/about-us', names)).toBeLessThan(1000);
    // Pages of other sections were marked stale: the first visitor is served from the cache at once.
    for (const cache of caches()) expect((await edgeGet(cache, '/invest')).hit).toBe(true);
    expect(await freshEverywhere('/invest', names)).toBeLessThan(2000);
  });

  it('purges every page naming a rolled-back build within a second, on every cache', async () => {
    const current = /\/remotes\/mf_company\/([^/]+)\//.exec((await edgeGet(caches()[0]!, '/company/about-us')).body)?.[1];
    expect(current).not.toBe('local');
    await purgesSettled();
    await warm(MAIN_PAGES);
    expect(await cli('rollback')).toMatchObject({ code: 0 });
    const gone = (body: string) => !body.includes(`/remotes/mf_company/${current}/`);
    expect(await freshEverywhere('/company/about-us', gone)).toBeLessThan(1000);
    // Purged, not marked stale: no cached page can lead a visitor to the build taken away.
    for (const p of MAIN_PAGES) for (const cache of caches()) expect([p, gone((await edgeGet(cache, p)).body)]).toEqual([p, true]);
  });

  it("purges a canary's pages when the guard rolls it back", async () => {
    const stored = await cli('release', ['--from-dir', buildCopy('canary'), '--candidate']);
    const candidate = /Stored mf_company (\S+) as a candidate/.exec(stored.stdout)![1]!;
    expect(await cli('promote', ['--version', candidate, '--share', '99'])).toMatchObject({ code: 0 });
    const onCanary = async (cache: string, cookie: string) => (await edgeGet(cache, '/company/about-us', { Cookie: cookie })).body;
    // Visitors until one lands on the canary's side (the site follows the registry within about a second).
    let cookie = '';
    for (const deadline = Date.now() + 10_000; !cookie && Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
      const first = await fetch(`${caches()[0]}/company/about-us`);
      const body = await first.text();
      if (body.includes(`/remotes/mf_company/${candidate}/`))
        cookie = first.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
    }
    expect(cookie).not.toBe('');
    for (const cache of caches()) for (let i = 0; i < 2; i++) expect(await onCanary(cache, cookie)).toContain(candidate);
    const registry = openSqlitePurgedRegistry(edge.site.dataDir);
    try {
      const state = await registry.state('mf_company');
      const decided = await registry.decide('mf_company', async () =>
        endCanaryChange(state, 'mf_company', GUARD_ACTOR, new Date().toISOString(), '{"rule":"errors"}'),
      );
      expect(decided).toBe('committed');
    } finally {
      await registry.close();
    }
    const started = Date.now();
    for (const cache of caches()) {
      while ((await onCanary(cache, cookie)).includes(`/remotes/mf_company/${candidate}/`)) {
        if (Date.now() - started > 5000) throw new Error('the rolled-back canary is still served');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('purges a scheduled publish at its time', async () => {
    await warm([`/blog/${POST}`]);
    const title = `Offers API, scheduled ${crypto.randomUUID()}`;
    const at = Date.now() + 3000;
    await editPost(title, { at: new Date(at).toISOString() });
    expect((await edgeGet(caches()[0]!, `/blog/${POST}`)).body).not.toContain(title);
    await freshEverywhere(`/blog/${POST}`, (body) => body.includes(title), 8000);
    // Due at `at`, published by the next poll of the content (every 500 ms), purged within a second of that.
    expect(Date.now() - at).toBeLessThan(1500);
  });
});
