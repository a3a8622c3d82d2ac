/**
 * Real-user measurement in the browser, checked where the reports land: a visit reports once, when
 * the page is hidden (here: the visitor goes to another page), filed under the version the registry
 * served; a browser with Global Privacy Control on sends nothing and loads no reporter. Chromium does
 * not show a beacon sent while a page unloads to the test's request events, so the reports are read
 * back from the health endpoint of a site of this spec's own (which keeps headless visits).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { RUM_VIEW_PATH, type RemoteEntry, type ReleaseHealth } from '@cardlift/contracts';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { startSite, type Site } from './support/site';
import { viewTokenTraded } from './support/view-token';

const RELEASE_TOKEN = 'rum-spec-token';
const METRICS_TOKEN = 'rum-spec-metrics';
const sha = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
let browser: Browser;
let site: Site;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({
    CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
    RUM_ALLOW_HEADLESS: '1',
    RELEASE_TOKEN_MF_INVEST: sha(RELEASE_TOKEN),
    METRICS_TOKEN: sha(METRICS_TOKEN),
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
  const traded = viewTokenTraded(page);
  await page.goto(`${site.baseUrl}/invest`);
  expect((await reporter).status()).toBe(200);
  expect((await traded).status()).toBe(200);
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

  it('counts a visit through client-side navigation across sections once, under the page that started it', async () => {
    const before = viewsOf(await investHealth());
    for (let visit = 0; visit < 2; visit++) {
      const page = await openPage(browser, DESKTOP);
      const reporter = page.waitForResponse((response) => isReporterChunk(response.url()));
      const traded = viewTokenTraded(page);
      await page.goto(`${site.baseUrl}/invest`);
      await reporter;
      expect((await traded).status()).toBe(200);
      // The same document throughout: the marker survives client-side navigation only.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      const header = page.getByTestId('site-header');
      // Into the company section through its menu...
      const company = header.getByRole('button', { name: 'Company' });
      await company.click();
      const panel = page.locator(`#${(await company.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
      await panel.getByRole('link', { name: /^About Us/ }).click();
      await page.waitForURL(`${site.baseUrl}/company/about-us`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // ...then to the marketing section's home page by the logo.
      await header.getByRole('link', { name: 'Cardlift home' }).click();
      await page.waitForURL(`${site.baseUrl}/`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      await page.goto(`${site.baseUrl}/privacy`);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
    expect(viewsOf(await healthWithViews(before + 2))).toBe(before + 2);
  });

  it("stores nothing another site's page makes a visitor's browser send, even with a real page-view token", async () => {
    const before = viewsOf(await investHealth());
    // A real page-view token, taken as a page of the site takes one.
    const html = await (await fetch(`${site.baseUrl}/invest`)).text();
    const boot = JSON.parse(/<script type="application\/json" id="cardlift-boot">([\s\S]*?)<\/script>/.exec(html)![1]!);
    const registry = JSON.parse(
      /<script type="application\/json" id="cardlift-remotes">([\s\S]*?)<\/script>/.exec(html)![1]!,
    ) as RemoteEntry[];
    const versions = Object.fromEntries(registry.map((entry) => [entry.name, entry.version]));
    const pageOf = { route: boot.rum.route, section: boot.rum.section, versions };
    const traded = await fetch(`${site.baseUrl}${RUM_VIEW_PATH}`, {
      method: 'POST',
      headers: {
        'Sec-Fetch-Site': 'same-origin',
        'Content-Type': 'application/json',
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
      },
      body: JSON.stringify({ token: boot.rum.token, ...pageOf }),
    });
    const { view } = (await traded.json()) as { view: string };
    const report = JSON.stringify({ view, ...pageOf, device: 'desktop', metrics: { lcp: 900 }, errors: { mf_invest: 100 } });
    // The other site: a page that sends the report as a beacon and as a no-cors fetch, as an ad or an embed could.
    const attacker = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end(`<!doctype html><title>elsewhere</title><script>
        const body = ${JSON.stringify(report)};
        navigator.sendBeacon(${JSON.stringify(`${site.baseUrl}/api/rum`)}, body);
        fetch(${JSON.stringify(`${site.baseUrl}/api/rum`)}, { method: 'POST', mode: 'no-cors', body, headers: { 'Content-Type': 'text/plain' } })
          .finally(() => (document.title = 'sent'));
      </script>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const port = (attacker.address() as AddressInfo).port;
    const refused = async () => {
      const text = await (await fetch(`${site.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      return Number(/^cardlift_rum_reports_total\{outcome="cross_site"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const refusedBefore = await refused();
    try {
      // Another site (localhost is not 127.0.0.1), and a page of the same host on another port (same-site, not same-origin).
      for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
        // A plain page: the other site's, which the site's own readiness mark is not on.
        const context = await browser.newContext(DESKTOP);
        const page = await context.newPage();
        await page.goto(`${origin}/`);
        await page.waitForFunction(() => document.title === 'sent');
        await page.goto('about:blank');
        await context.close();
      }
      // Both requests of both pages reached the api, and were refused.
      for (;;) {
        if ((await refused()) >= refusedBefore + 4) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      attacker.close();
    }
    expect(viewsOf(await investHealth())).toBe(before);
  });
});
