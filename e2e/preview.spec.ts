/**
 * Preview before promote: the invest team stores a candidate, opens its signed preview link, and sees
 * the whole site with the candidate in that browser only (server HTML included), marked noindex and
 * never cached; every other visitor keeps the live version until the candidate is promoted.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { releaseCli } from './support/release-cli';
import { servedVersion, startSite, waitForVersion, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-releases-'));
let site: Site;
let browser: Browser;

const cli = releaseCli('mf-invest', () => ({ RELEASE_TOKEN: TOKEN, RELEASES_DIR: releasesDir, DATA_DIR: site.dataDir }));

beforeAll(async () => {
  site = await startSite({ RELEASES_DIR: releasesDir, RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex') });
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  fs.rmSync(releasesDir, { recursive: true, force: true });
});

describe('a candidate release', () => {
  let candidate = '';
  let link = '';

  it('is stored without going live', async () => {
    const result = await cli('release', ['--candidate', '--to', site.baseUrl], { IV_BUILD_LABEL: 'candidate' });
    expect(result.stderr).not.toMatch(/Refused/);
    candidate = /Stored candidate mf_invest (\S+) on/.exec(result.stdout)?.[1] ?? '';
    expect(candidate).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    // Still the checkout's build (named by its content, like a release), not the candidate.
    const served = await servedVersion(site.baseUrl, 'mf_invest');
    expect(served).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(served).not.toBe(candidate);
    const response = await fetch(`${site.baseUrl}/api/releases/mf_invest/preview`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: candidate }),
    });
    expect(response.status).toBe(201);
    link = ((await response.json()) as { url: string }).url;
    // On the public origin (SITE_URL, its default here), never the host the request reached.
    expect(link).toMatch(/^https:\/\/www\.cardlift\.example\/api\/preview\/[\w-]+\.[\w-]+$/);
    link = `${site.baseUrl}${new URL(link).pathname}`;
  }, 120_000);

  it('shows in the browser that opened the preview link, server HTML included, never cached or indexed', async () => {
    const page = await openPage(browser);
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe('/invest');
    await page.getByRole('heading', { level: 1, name: /signalwise/i }).waitFor();
    expect(await page.locator('[data-build]').first().getAttribute('data-build')).toBe('candidate');

    const response = await page.request.get(`${site.baseUrl}/invest`);
    expect(response.headers()['cache-control']).toBe('private, no-store');
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
    const html = await response.text();
    expect(html).toContain('data-build="candidate"');
    expect(html).toContain(`/remotes/mf_invest/${candidate}/`);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('does not show to anyone else, and a forged or expired link is refused', async () => {
    const page = await openPage(browser);
    await page.goto(`${site.baseUrl}/invest`);
    await page.getByRole('heading', { level: 1, name: /signalwise/i }).waitFor();
    expect(await page.locator('[data-build]').count()).toBe(0);
    const forged = link.replace(/\.[\w-]+$/, '.AAAA');
    expect((await fetch(forged, { redirect: 'manual' })).status).toBe(404);
    await page.context().close();
  });

  it('goes live for everyone once promoted', async () => {
    const result = await cli('promote', ['--version', candidate, '--site', site.baseUrl]);
    expect(result.stdout).toContain(`Promoted mf_invest ${candidate}`);
    await waitForVersion(site.baseUrl, 'mf_invest', candidate);
    const html = await (await fetch(`${site.baseUrl}/invest`)).text();
    expect(html).toContain('data-build="candidate"');
  });
});
