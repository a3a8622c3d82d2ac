/**
 * Real-user measurement in the browser, checked where the reports land: a visit reports once, when
 * the page is hidden (here: the visitor goes to another page), filed under the version the registry
 * served; a browser with Global Privacy Control on sends nothing and loads no reporter. Chromium does
 * not show a beacon sent while a page unloads to the test's request events, so the reports are read
 * back from the health endpoint of a site of this spec's own (which keeps headless visits).
 */
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import type { RemoteEntry, ReleaseHealth } from '@cardlift/contracts';
import { launchBrowser, openPage } from './support/browser';
import { startSite, type Site } from './support/site';

const RELEASE_TOKEN = 'rum-spec-token';
let browser: Browser;
let site: Site;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({
    CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
    RUM_ALLOW_HEADLESS: '1',
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(RELEASE_TOKEN).digest('hex'),
  });
});
afterAll(async () => {
  await browser.close();
  await site.stop();
});

async function investHealth(): Promise<ReleaseHealth> {
  const answer = await fetch(`${site.baseUrl}/api/releases/mf_invest/health`, { headers: { Authorization: `Bearer ${RELEASE_TOKEN}` } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as ReleaseHealth;
}

const viewsOf = (health: ReleaseHealth) => health.versions.reduce((sum, v) => sum + v.views, 0);

/** Polls the health endpoint until the section has at least `views` page views (or the test times out). */
async function healthWithViews(views: number): Promise<ReleaseHealth> {
  for (;;) {
    const health = await investHealth();
    if (viewsOf(health) >= views) return health;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const isReporterChunk = (url: string) => /\/rum-reporter\.[^/]*\.js$/.test(url);

/** Visits the invest page until the reporter runs, then leaves it (the page is hidden: the beacon goes). */
async function visitInvestAndLeave(page: Page): Promise<void> {
  const reporter = page.waitForResponse((response) => isReporterChunk(response.url()));
  await page.goto(`${site.baseUrl}/invest`);
  expect((await reporter).status()).toBe(200);
  // The chunk has run once the browser is idle again.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.goto(`${site.baseUrl}/privacy`);
}

describe('page-view reports', () => {
  it("sends one report on page hide, filed under the section's served version with its timings", async () => {
    const served = (await (await fetch(`${site.baseUrl}/api/remotes`)).json()) as RemoteEntry[];
    const version = served.find((entry) => entry.name === 'mf_invest')?.version;
    const page = await openPage(browser);
    await visitInvestAndLeave(page);
    const health = await healthWithViews(1);
    expect(health.versions).toHaveLength(1);
    expect(health.versions[0]).toMatchObject({ version, views: 1, errorsPer100: 0, remoteFailures: 0 });
    expect(health.versions[0]?.p75.lcp).toBeGreaterThan(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('sends nothing, and loads no reporter, when Global Privacy Control is on', async () => {
    const before = viewsOf(await investHealth());
    const page = await openPage(browser);
    await page.context().addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true });
    });
    const reporterLoads: string[] = [];
    page.on('request', (request) => void (isReporterChunk(request.url()) && reporterLoads.push(request.url())));
    await page.goto(`${site.baseUrl}/invest`);
    await page.goto(`${site.baseUrl}/privacy`);
    // The privacy policy says so.
    expect((await page.locator('main').innerText()).replace(/\s+/g, ' ')).toMatch(
      /Global Privacy Control signal, it sends no report at all/,
    );
    await page.context().close();
    expect(reporterLoads).toEqual([]);

    // A visit without the signal, after that one: once its report is in, the first one's would be too.
    const control = await openPage(browser);
    await visitInvestAndLeave(control);
    expect(viewsOf(await healthWithViews(before + 1))).toBe(before + 1);
    await control.context().close();
  });
});
