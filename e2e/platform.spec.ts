/**
 * The federated platform end to end: composition from the runtime registry, shared singletons,
 * routing, failure isolation with a working Retry, and what the server sends crawlers.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** One page of each remote, and a heading it shows when loaded. */
// `contact`: whether the page's frame has the Talk to Sales section (/invest declares it has none).
const REMOTE_PAGES = [
  { remote: 'mf_marketing', path: '/', heading: /card-linked offers/i, contact: 1 },
  { remote: 'mf_resources', path: '/case-studies', heading: /case studies/i, contact: 1 },
  { remote: 'mf_company', path: '/company/about-us', heading: /./, contact: 1 },
  { remote: 'mf_invest', path: '/invest', heading: /./, contact: 0 },
] as const;

describe('runtime composition', () => {
  it('renders the home page from mf-marketing, found through the registry', async () => {
    const page = await openPage(browser);
    const remoteRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/remotes/')) remoteRequests.push(new URL(r.url()).pathname);
    });
    await page.goto(siteUrl('/'));
    await page.getByRole('heading', { level: 1, name: /card-linked offers/i }).waitFor();
    expect(remoteRequests.some((p) => p.startsWith('/remotes/mf_marketing/'))).toBe(true);
    // Only the requested route's remote is loaded.
    expect(remoteRequests.some((p) => p.startsWith('/remotes/mf_invest/'))).toBe(false);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('loads no second copy of a shared singleton from a remote', async () => {
    const page = await openPage(browser);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(siteUrl('/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    const manifest = (await (await fetch(siteUrl('/remotes/mf_marketing/local/mf-manifest.json'))).json()) as {
      shared: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const singletonChunks = manifest.shared
      .filter((s) =>
        ['react', 'react-dom', '@cardlift/shell/router', '@tanstack/react-query', 'jotai', '@cardlift/shell/ui'].includes(s.name),
      )
      .flatMap((s) => s.assets.js.sync.map((a) => `/remotes/mf_marketing/local/${a}`));
    expect(singletonChunks.length).toBeGreaterThan(0);
    const duplicated = scripts.filter((s) => singletonChunks.includes(s));
    expect(duplicated).toEqual([]);
    await page.context().close();
  });

  it('shows the not-found page for an unknown path, with HTTP 404', async () => {
    const response = await fetch(siteUrl('/no-such-page'));
    expect(response.status).toBe(404);
    const page = await openPage(browser);
    await page.goto(siteUrl('/no-such-page'));
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.context().close();
  });

  it('shows the not-found page for an unknown path inside a remote section', async () => {
    expect((await fetch(siteUrl('/products/no-such-product'))).status).toBe(404);
    const page = await openPage(browser);
    await page.goto(siteUrl('/products/no-such-product'));
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.context().close();
  });

  it('sends /resources on to the case studies', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/resources'));
    await page.waitForURL(/\/case-studies$/);
    await page.context().close();
  });
});

describe('failure isolation', () => {
  for (const target of REMOTE_PAGES) {
    it(`keeps the site working when ${target.remote} cannot load, and Retry recovers it`, async () => {
      const page = await openPage(browser);
      let blocked = true;
      await page.route(`**/remotes/${target.remote}/**`, (route) => (blocked ? route.abort('connectionrefused') : route.continue()));
      await page.goto(siteUrl(target.path));
      const alert = page.getByRole('alert').filter({ hasText: 'temporarily unavailable' });
      await alert.waitFor({ timeout: 20_000 });
      // The frame around the failed section still works.
      await page.getByTestId('site-header').waitFor();
      await page.getByTestId('site-footer').waitFor();
      // The frame is the one the page declares, whether or not its section could load.
      expect(await page.locator('#contact').count()).toBe(target.contact);
      // Another section still loads while this one is down.
      const other = REMOTE_PAGES.find((p) => p.remote !== target.remote)!;
      const otherPage = await page.context().newPage();
      await otherPage.goto(siteUrl(other.path));
      await otherPage.getByRole('heading', { level: 1, name: other.heading }).waitFor();
      await otherPage.close();
      // Retry really loads the remote again once it is reachable.
      blocked = false;
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { level: 1, name: target.heading }).waitFor({ timeout: 20_000 });
      expect(await page.getByRole('alert').filter({ hasText: 'temporarily unavailable' }).count()).toBe(0);
      await page.context().close();
    });
  }
});
