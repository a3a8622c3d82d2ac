/**
 * A canary behind Varnish: mf-company's new build for half the visitors. Over 200 visitors, each
 * keeps one side for five page views, the split is within 40-60 %, and the cache keeps two objects
 * per page (one per side), filled by one origin answer each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlitePurgedRegistry } from '../api/src/script-stores';
import { releaseCli } from './support/release-cli';
import { REPO_ROOT } from './support/site';
import { describeBehindVarnish, startEdgeSite, type EdgeSite } from './support/edge';

const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-canary-releases-'));
const PAGES = ['/', '/invest', '/company/about-us', '/case-studies', '/company/careers'];
const VISITORS = 200;

function buildCopy(label: string): string {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-canary-build-'));
  fs.cpSync(path.join(REPO_ROOT, 'mf-company', 'dist'), build, { recursive: true });
  fs.appendFileSync(path.join(build, 'remoteEntry.js'), `\n// ${label}\n`);
  for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(build, `remoteEntry.js${suffix}`), { force: true });
  return build;
}

describeBehindVarnish('a canary behind Varnish', () => {
  let edge: EdgeSite;
  beforeAll(async () => {
    edge = await startEdgeSite({
      CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
      RELEASES_DIR: releasesDir,
      CANARY_STEPS: 'manual',
      CANARY_GUARD_INTERVAL_MS: '3600000',
    });
  }, 90_000);
  afterAll(async () => {
    await edge?.stop();
    fs.rmSync(releasesDir, { recursive: true, force: true });
  });

  it('keeps each visitor on one side, splits them by the share, and keeps one object per side', async () => {
    const cli = releaseCli('mf-company', () => ({ RELEASES_DIR: releasesDir, DATA_DIR: edge.site.dataDir }));
    expect(await cli('release', ['--from-dir', buildCopy('current')])).toMatchObject({ code: 0 });
    const stored = await cli('release', ['--from-dir', buildCopy('canary'), '--candidate']);
    const canary = /Stored mf_company (\S+) as a candidate/.exec(stored.stdout)![1]!;
    expect(await cli('promote', ['--version', canary, '--share', '50'])).toMatchObject({ code: 0 });
    const cache = edge.caches[0]!.url;
    // The site follows the registry within about a second: then it gives a new visitor a side.
    const sidesGiven = async () => /cardlift_side=/.test((await fetch(`${edge.site.baseUrl}/`)).headers.get('set-cookie') ?? '');
    for (let i = 0; i < 100 && !(await sidesGiven()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    // And the canary's purge has made both its passes.
    const registry = openSqlitePurgedRegistry(edge.site.dataDir);
    try {
      const settled = async () => Object.values(await registry.purges.backlog()).every((n) => !n);
      for (let i = 0; i < 200 && !(await settled()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await registry.close();
    }
    const before = edge.origin.requests.length;

    let onCanary = 0;
    for (let visitor = 0; visitor < VISITORS; visitor++) {
      let cookie = '';
      const seen = new Set<string>();
      // Each visitor lands on another page first (a first view, which gets the side, is theirs alone).
      for (const page of [...PAGES.slice(visitor % PAGES.length), ...PAGES.slice(0, visitor % PAGES.length)]) {
        const answer = await fetch(`${cache}${page}`, {
          headers: { 'Accept-Encoding': 'br, gzip', ...(cookie ? { Cookie: cookie } : {}) },
        });
        const set = answer.headers.getSetCookie().map((c) => c.split(';')[0]!);
        if (set.length > 0) cookie = set.join('; ');
        seen.add(/\/remotes\/mf_company\/([^/]+)\//.exec(await answer.text())?.[1] ?? 'none');
      }
      expect([visitor, [...seen]]).toEqual([visitor, [...seen].slice(0, 1)]);
      if (seen.has(canary)) onCanary++;
    }
    expect(onCanary / VISITORS).toBeGreaterThanOrEqual(0.4);
    expect(onCanary / VISITORS).toBeLessThanOrEqual(0.6);
    // What the cache kept: per page, one shared answer for each side.
    const shared = edge.origin.requests.slice(before).filter((r) => r.cacheControl.startsWith('public'));
    for (const page of PAGES) expect([page, shared.filter((r) => r.url === page).length]).toEqual([page, 2]);
  });
});
