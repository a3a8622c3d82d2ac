/**
 * One snapshot per page view, forced: the page's request for its menus is held until a release that
 * renames a menu link is live. The page hydrates with no error and shows the links of the builds its
 * HTML was rendered from; a reload shows the new link.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Route } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { releaseCli } from './support/release-cli';
import { companyBuildWithCareersLabel, watchTab } from './support/skew';
import { startSite, waitForVersion, type Site } from './support/site';
import { becomeInteractive } from './support/visitor';

const TOKEN = crypto.randomBytes(16).toString('hex');
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-releases-'));
let site: Site;
let browser: Browser;
const cli = releaseCli('mf-company', () => ({ RELEASE_TOKEN: TOKEN, DATA_DIR: site.dataDir, RELEASES_DIR: releasesDir }));

beforeAll(async () => {
  site = await startSite({ RELEASES_DIR: releasesDir, RELEASE_TOKEN_MF_COMPANY: crypto.createHash('sha256').update(TOKEN).digest('hex') });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  fs.rmSync(releasesDir, { recursive: true, force: true });
});

const companyLinks = async (page: Awaited<ReturnType<typeof openPage>>) => {
  await page.getByTestId('site-header').getByRole('button', { name: 'Company' }).click();
  const panel = page.locator('[data-menu="company"]');
  await panel.waitFor({ state: 'visible' });
  return panel.getByRole('link').allTextContents();
};

it('hydrates with the links its HTML was drawn with when a release renames one in between', async () => {
  const page = await openPage(browser, DESKTOP);
  const trouble = watchTab(page);
  let held: Route | undefined;
  const asked = new Promise<void>((reached) => {
    void page.route(/\/api\/navigation/, (route) => {
      held = route;
      reached();
    });
  });
  await page.mainFrame().goto(`${site.baseUrl}/company/about-us`, { waitUntil: 'domcontentloaded' });
  await asked;

  const released = await cli('release', ['--from-dir', companyBuildWithCareersLabel('Join our team'), '--to', site.baseUrl]);
  expect(released.stderr).toBe('');
  const version = /Released mf_company (\S+) on/.exec(released.stdout)?.[1] ?? '';
  await waitForVersion(site.baseUrl, 'mf_company', version, 10_000);
  await held!.continue();

  await becomeInteractive(page);
  expect(await companyLinks(page)).toEqual([expect.stringMatching(/^About Us/), expect.stringMatching(/^Careers/)]);
  expect(trouble).toEqual({ pageErrors: [], consoleErrors: [], failedRequests: [] });

  await page.unroute(/\/api\/navigation/);
  await page.reload();
  expect(await companyLinks(page)).toEqual([expect.stringMatching(/^About Us/), expect.stringMatching(/^Join our team/)]);
  expect(trouble).toEqual({ pageErrors: [], consoleErrors: [], failedRequests: [] });
  await page.context().close();
});

it('asks for its menus once, from the preload, and leaves no request unanswered', async () => {
  const page = await openPage(browser, DESKTOP);
  const menus: string[] = [];
  page.on('request', (request) => void (request.url().includes('/api/navigation') && menus.push(request.url())));
  for (const path of ['/company/about-us', '/invest']) {
    await page.goto(`${site.baseUrl}${path}`);
    // A request left open (the preloaded menus revalidated with a 304 once hung so in Chromium) keeps
    // a connection busy and the page from ever going idle.
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
  }
  expect(menus).toHaveLength(2);
  await page.context().close();
});
