/**
 * A file gone anyway (the skew window passed, a disk lost): a tab composed with a release of the
 * company section whose folder was then deleted by hand navigates client-side into that section. The
 * result is a document navigation to the destination, which renders the live release, with no error
 * logged by the page, no failure panel, and one `skew-recovered` in the page views' reports.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { ReleaseHealth } from '@cardlift/contracts';
import { launchBrowser, openPage } from './support/browser';
import { releaseCli } from './support/release-cli';
import { companyBuildWithCareersLabel, errorPanels, navigateInTab, watchTab } from './support/skew';
import { startSite, waitForVersion, type Site } from './support/site';
import { viewTokenTraded } from './support/view-token';

const TOKEN = crypto.randomBytes(16).toString('hex');
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-releases-'));
let site: Site;
let browser: Browser;
const cli = releaseCli('mf-company', () => ({ RELEASE_TOKEN: TOKEN, DATA_DIR: site.dataDir, RELEASES_DIR: releasesDir }));

beforeAll(async () => {
  site = await startSite({
    RELEASES_DIR: releasesDir,
    RELEASE_TOKEN_MF_COMPANY: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    RUM_ALLOW_HEADLESS: '1',
    RUM_FLUSH_MS: '200',
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  fs.rmSync(releasesDir, { recursive: true, force: true });
});

async function release(label: string): Promise<string> {
  const result = await cli('release', ['--from-dir', companyBuildWithCareersLabel(label), '--to', site.baseUrl]);
  expect(result.stderr).toBe('');
  const version = /Released mf_company (\S+) on/.exec(result.stdout)?.[1] ?? '';
  await waitForVersion(site.baseUrl, 'mf_company', version, 10_000);
  return version;
}

async function companyHealth(): Promise<ReleaseHealth> {
  const answer = await fetch(`${site.baseUrl}/api/releases/mf_company/health`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  return (await answer.json()) as ReleaseHealth;
}

it('turns a client-side navigation into a section whose files are gone into a document navigation that renders', async () => {
  const first = await release('Open roles');
  const page = await openPage(browser);
  const trouble = watchTab(page);
  await page.goto(`${site.baseUrl}/`);
  const live = await release('Work with us');
  fs.rmSync(path.join(releasesDir, 'mf_company', first), { recursive: true });

  await page.evaluate(() => Object.assign(window, { beforeRecovery: true }));
  const traded = viewTokenTraded(page, 'mf_company');
  await navigateInTab(page, '/company/about-us').catch(() => undefined);
  // A new document, on the destination, drawn with the live release.
  await page.waitForFunction(() => !('beforeRecovery' in window) && location.pathname === '/company/about-us', undefined, {
    timeout: 20_000,
  });
  await page.waitForSelector('html[data-interactive]', { state: 'attached', timeout: 20_000 });
  await page.locator('main h1').waitFor();
  expect(await errorPanels(page)).toBe(0);
  expect(await page.locator('[data-page-updated]').count()).toBe(0);
  // The page logged nothing; what failed is only the browser fetching the deleted release's files.
  const gone = `/remotes/mf_company/${first}/`;
  expect(trouble.pageErrors).toEqual([]);
  expect(trouble.consoleErrors.filter((message) => !message.includes(gone))).toEqual([]);
  expect(trouble.failedRequests.filter((request) => !request.includes(gone))).toEqual([]);

  // The destination's page view reports the recovery once it is left, which it can once it has its view token.
  expect((await traded).status()).toBe(200);
  await page.goto(`${site.baseUrl}/privacy`);
  for (;;) {
    const recovered = (await companyHealth()).versions.find((entry) => entry.version === live)?.skewRecovered ?? 0;
    if (recovered > 0) {
      expect(recovered).toBe(1);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.context().close();
});

it('offers "This page was updated: reload" when a part of the page on screen cannot load its code any more', async () => {
  const page = await openPage(browser);
  const trouble = watchTab(page);
  await page.goto(`${site.baseUrl}/products/card-linked-offers`);
  // From now on the shell's chunks this page has not loaded yet are gone from the server.
  const gone = /\/assets\/[^/]+\.js$/;
  await page.route(gone, (route) => route.fulfill({ status: 404, body: 'Not found' }));
  await page.locator('header').getByRole('link', { name: 'Talk to Sales' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'This page was updated.' });
  await notice.waitFor({ timeout: 20_000 });
  // The page stays drawn and usable: the form is still the server's, which posts without its code.
  expect(await page.locator('main h1').count()).toBe(1);
  expect(await page.locator('section#contact form').count()).toBe(1);
  expect(await errorPanels(page)).toBe(0);
  expect(trouble.pageErrors).toEqual([]);
  expect(trouble.consoleErrors.filter((message) => !gone.test(message.replace(/\)$/, '').split(' (').pop() ?? ''))).toEqual([]);

  await page.unroute(gone);
  await notice.getByRole('button', { name: 'Reload' }).click();
  await page.waitForSelector('html[data-interactive]', { state: 'attached', timeout: 20_000 });
  await page.locator('header').getByRole('link', { name: 'Talk to Sales' }).click();
  await page
    .locator('section#contact')
    .getByRole('form', { name: 'Talk to Sales' })
    .locator('button[role="combobox"]')
    .waitFor({ timeout: 20_000 });
  expect(await page.getByRole('status').filter({ hasText: 'This page was updated.' }).count()).toBe(0);
  await page.context().close();
});
