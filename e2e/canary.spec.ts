/**
 * A release that watches itself, in a real browser: mf-invest's build is released, then a copy whose
 * code throws in the browser once loaded is promoted as a canary for half the visitors. Fresh visitors
 * open the invest page until the guard has enough views on each side and rolls the canary back; the
 * audit names the rule, and the next request is served the old version.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { RemoteEntry } from '@cardlift/contracts';
import { openSqliteRegistry } from '../api/src/releases/open-registry';
import { launchBrowser, openPage } from './support/browser';
import { releaseCli } from './support/release-cli';
import { REPO_ROOT, startSite, waitForVersion, type Site } from './support/site';
import { viewTokenTraded } from './support/view-token';

const TOKEN = 'canary-spec-token';
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-canary-releases-'));
const brokenDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-canary-build-'));
const checkoutBuild = path.join(REPO_ROOT, 'mf-invest', 'dist');
let site: Site;
let browser: Browser;

/** mf-invest's build, whose exposed routes module throws (outside React) once the browser has run it. */
function writeBrokenBuild(): void {
  fs.cpSync(checkoutBuild, brokenDir, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(brokenDir, 'mf-manifest.json'), 'utf8')) as {
    exposes: { assets: { js: { sync: string[] } } }[];
  };
  const routes = manifest.exposes[0]!.assets.js.sync.at(-1)!;
  fs.appendFileSync(path.join(brokenDir, routes), '\n;setTimeout(function () { throw new Error("the canary build is broken"); }, 0);\n');
  // The precompressed copies would still be served unchanged: without them the file is compressed as sent.
  for (const suffix of ['.br', '.gz']) fs.rmSync(path.join(brokenDir, routes + suffix), { force: true });
}

beforeAll(async () => {
  writeBrokenBuild();
  site = await startSite({
    CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
    RELEASES_DIR: releasesDir,
    RUM_ALLOW_HEADLESS: '1',
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    CANARY_MIN_VIEWS: '3',
    // Every visit here comes from this one machine: one client, trusted with all the evidence.
    CANARY_MIN_CLIENTS: '1',
    CANARY_MAX_CLIENT_SHARE: '1',
    // Never healthy long enough to step up here: only a rollback can end this canary.
    CANARY_BAKE_MS: '3600000',
    CANARY_GUARD_INTERVAL_MS: '250',
  });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  for (const dir of [releasesDir, brokenDir]) fs.rmSync(dir, { recursive: true, force: true });
});

const cli = releaseCli('mf-invest', () => ({ RELEASES_DIR: releasesDir, DATA_DIR: site.dataDir }));

/** The release audit trail, read from the site's database. */
async function guardEvents() {
  const store = openSqliteRegistry(site.dataDir);
  try {
    return (await store.events('mf_invest')).filter((e) => e.actor === 'guard');
  } finally {
    await store.close();
  }
}

/** Opens /invest (its report goes on leaving it) and says which mf-invest version the browser loaded. */
async function visitInvest(page: Page): Promise<string | undefined> {
  let loaded: string | undefined;
  const onRequest = (r: { url(): string }) => {
    loaded ??= /\/remotes\/mf_invest\/([^/]+)\//.exec(new URL(r.url()).pathname)?.[1];
  };
  page.on('request', onRequest);
  const traded = viewTokenTraded(page, 'mf_invest');
  await page.goto(`${site.baseUrl}/invest`);
  await traded;
  page.off('request', onRequest);
  await page.goto(`${site.baseUrl}/privacy`);
  return loaded;
}

describe('a canary that throws in the browser', () => {
  it('is rolled back by the guard, the audit naming the rule, and the next request gets the old version', async () => {
    const steady = await cli('release', ['--from-dir', checkoutBuild]);
    expect(steady.code).toBe(0);
    const current = /Released mf_invest (\S+)[ ;]/.exec(steady.stdout)?.[1] ?? '';
    await waitForVersion(site.baseUrl, 'mf_invest', current);

    const stored = await cli('release', ['--from-dir', brokenDir, '--candidate']);
    const canary = /Stored mf_invest (\S+) as a candidate/.exec(stored.stdout)?.[1] ?? '';
    expect(canary).not.toBe('');
    const promoted = await cli('promote', ['--version', canary, '--share', '50']);
    expect(promoted.stdout).toContain(`is the canary for 50 % of visitors`);

    const seen = new Map<string, number>();
    let canaryVisitor: Page | undefined;
    for (let visit = 0; visit < 40 && (await guardEvents()).length === 0; visit += 1) {
      const page = await openPage(browser);
      const version = (await visitInvest(page)) ?? 'none';
      seen.set(version, (seen.get(version) ?? 0) + 1);
      if (version === canary) {
        expect(page.errors).toContain('the canary build is broken');
        // The same visitor stays on the canary on every answer (unless the guard ended it meanwhile).
        const answer = await page.context().request.get(`${site.baseUrl}/api/remotes`);
        const again = ((await answer.json()) as RemoteEntry[]).find((e) => e.name === 'mf_invest')?.version;
        if ((await guardEvents()).length === 0) expect(again).toBe(canary);
        if (canaryVisitor) await page.context().close();
        else canaryVisitor = page;
      } else {
        expect(page.errors).toEqual([]);
        await page.context().close();
      }
    }
    // The last reports reach the guard within a tick or two.
    const deadline = Date.now() + 10_000;
    while ((await guardEvents()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

    const [rollback, ...others] = await guardEvents();
    expect(others).toEqual([]);
    expect(rollback).toMatchObject({ action: 'rollback', version: current, fromVersion: canary });
    expect(JSON.parse(rollback!.details!)).toMatchObject({ rule: 'errors', share: 50 });
    expect(seen.get(canary)).toBeGreaterThanOrEqual(3);
    expect(seen.get(current)).toBeGreaterThanOrEqual(3);

    // The next request, a visitor's who had the canary included, is the old version.
    await waitForVersion(site.baseUrl, 'mf_invest', current);
    const registry = (await (await fetch(`${site.baseUrl}/api/remotes`)).json()) as RemoteEntry[];
    expect(registry.find((e) => e.name === 'mf_invest')?.version).toBe(current);
    expect(await visitInvest(canaryVisitor!)).toBe(current);
    await canaryVisitor!.context().close();
  }, 240_000);
});
