/**
 * Independent delivery end to end: while a private site runs, the invest team releases mf-invest,
 * releases a changed build, sees it on reload, rolls back and sees the old one; the other sections
 * keep working throughout, and a broken build is refused with the registry left as it was.
 * The change is a build label (IV_BUILD_LABEL, baked in by mf-invest's rspack.config.ts), so no
 * tracked file is modified.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { releaseCli } from './support/release-cli';
import { servedVersion, startSite, waitForVersion, type Site } from './support/site';

const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-releases-'));
let site: Site;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ RELEASES_DIR: releasesDir });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  fs.rmSync(releasesDir, { recursive: true, force: true });
});

/** `npm run <script> -w mf-invest`, exactly as a team runs it, against the private site's releases. */
const cli = releaseCli('mf-invest', () => ({ RELEASES_DIR: releasesDir, DATA_DIR: site.dataDir }));

const registryVersion = (name: string) => servedVersion(site.baseUrl, name);

/** Loads /invest and returns the build label it shows and the mf-invest versions it fetched. */
async function investBuild(page: Page): Promise<{ label: string | null; versions: string[] }> {
  const versions = new Set<string>();
  const onRequest = (r: { url(): string }) => {
    const match = /\/remotes\/mf_invest\/([^/]+)\//.exec(new URL(r.url()).pathname);
    if (match?.[1]) versions.add(match[1]);
  };
  page.on('request', onRequest);
  await page.goto(`${site.baseUrl}/invest`);
  await page.getByRole('heading', { level: 1, name: /signalwise/i }).waitFor();
  page.off('request', onRequest);
  const label = await page
    .locator('[data-build]')
    .first()
    .getAttribute('data-build')
    .catch(() => null);
  return { label, versions: [...versions] };
}

async function expectOtherSectionsWork(page: Page): Promise<void> {
  await page.goto(`${site.baseUrl}/company/about-us`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goto(`${site.baseUrl}/`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

describe('releasing mf-invest while the site runs', () => {
  let first: string;
  let second: string;

  it('serves a first release on the next page load', async () => {
    const result = await cli('release', [], { IV_BUILD_LABEL: 'release-one' });
    expect(result.code).toBe(0);
    first = /Released mf_invest (\S+);/.exec(result.stdout)?.[1] ?? '';
    expect(first).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    await waitForVersion(site.baseUrl, 'mf_invest', first);

    const page = await openPage(browser);
    expect(await investBuild(page)).toEqual({ label: 'release-one', versions: [first] });
    await page.context().close();
  });

  it('serves a changed release on reload, leaving the other remotes alone', async () => {
    const others = await Promise.all(['mf_marketing', 'mf_company'].map(registryVersion));
    const page = await openPage(browser);
    await investBuild(page);

    const result = await cli('release', [], { IV_BUILD_LABEL: 'release-two' });
    expect(result.code).toBe(0);
    second = /Released mf_invest (\S+);/.exec(result.stdout)?.[1] ?? '';
    expect(second).not.toBe(first);
    await waitForVersion(site.baseUrl, 'mf_invest', second);

    expect(await investBuild(page)).toEqual({ label: 'release-two', versions: [second] });
    expect(await Promise.all(['mf_marketing', 'mf_company'].map(registryVersion))).toEqual(others);
    await expectOtherSectionsWork(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('lists the releases with the current one marked', async () => {
    const result = await cli('releases');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`  ${first}`);
    expect(result.stdout).toContain(`* ${second}`);
  });

  it('rolls back to the previous release on the next page load', async () => {
    const result = await cli('rollback');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`from ${second} to ${first}`);
    await waitForVersion(site.baseUrl, 'mf_invest', first);
    const page = await openPage(browser);
    expect(await investBuild(page)).toEqual({ label: 'release-one', versions: [first] });
    await expectOtherSectionsWork(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('refuses a broken build and leaves the registry as it was', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-broken-'));
    fs.cpSync(path.join(releasesDir, 'mf_invest', first), broken, { recursive: true });
    const manifestFile = path.join(broken, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { exposes: unknown[] };
    manifest.exposes = [];
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const listing = (await cli('releases')).stdout;
    const releaseDirs = fs.readdirSync(path.join(releasesDir, 'mf_invest')).sort();

    const result = await cli('release', ['--from-dir', broken]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/Refused: mf_invest was not released, the registry is unchanged/);
    expect(result.stderr).toContain('does not expose "./routes"');
    expect((await cli('releases')).stdout).toBe(listing);
    expect(fs.readdirSync(path.join(releasesDir, 'mf_invest')).sort()).toEqual(releaseDirs);

    const page = await openPage(browser);
    expect((await investBuild(page)).label).toBe('release-one');
    await page.context().close();
    fs.rmSync(broken, { recursive: true, force: true });
  });
});
