/**
 * Pages arrive rendered: each kind of page has its content in the HTML the api sends (crawlers and
 * slow phones see it before any script runs), reads the same without JavaScript, and the browser
 * then takes it over (hydration) without a mismatch and without moving anything.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** One page of each kind, with the heading it must show. */
const PAGES = [
  { path: '/', heading: 'Card-linked offers that bring customers back' },
  { path: '/solutions/retail', heading: 'Turn browsers into repeat shoppers' },
  { path: '/case-studies', heading: 'Case Studies' },
  { path: '/case-studies/sling-tv-case-study', heading: 'How Sling TV turned cardholders into paying subscribers' },
  { path: '/blog/offers-api-announcement', heading: 'Launching the Cardlift Offers API' },
  { path: '/company/careers', heading: 'Build the future of rewarding loyalty' },
  { path: '/invest', heading: 'Signalwise: AI trade signals, tested before you trust them' },
  { path: '/components', heading: 'Design System' },
];

async function headingBox(page: Page) {
  const box = await page.getByRole('heading', { level: 1 }).first().boundingBox();
  if (!box) throw new Error('no heading on the page');
  return box;
}

describe('server rendering', () => {
  it.each(PAGES)('sends $path with its heading, frame and footer in the HTML', async ({ path, heading }) => {
    const html = await (await fetch(siteUrl(path))).text();
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
    const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(root)?.[1];
    expect(h1).toBe(heading);
    expect(root.includes('data-testid="site-header"') && root.includes('data-testid="site-footer"')).toBe(true);
  });

  it('reads without JavaScript: content, styles of the section, and links that work', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl('/'));
    await page.getByRole('heading', { level: 1, name: PAGES[0]!.heading }).waitFor();
    // The section's own stylesheet is in the HTML (inlined, named by data-href), not added later by its script.
    const sheets = await page.evaluate(() =>
      [...document.styleSheets].map((s) => s.href ?? (s.ownerNode as Element | null)?.getAttribute('data-href') ?? ''),
    );
    expect(sheets.some((href) => href.includes('/remotes/mf_marketing/'))).toBe(true);
    await page.getByRole('link', { name: 'View all case studies' }).first().click();
    await page.waitForURL(/\/case-studies$/);
    await page.getByRole('heading', { level: 1, name: 'Case Studies' }).waitFor();
    await context.close();
  });

  it('falls back to the stock image for an image that failed before the code arrived', async () => {
    const page = await openPage(browser, PHONE);
    // The hero fails at once, while the page is still only the server's HTML.
    await page.route('**/content-images/case-studies/sling-tv-hero.svg', (route) => route.abort('connectionrefused'));
    await page.goto(siteUrl('/case-studies/sling-tv-case-study'));
    await page.waitForFunction(() =>
      [...document.images].some((img) => img.src.includes('stock-hero') && img.complete && img.naturalWidth > 0),
    );
    expect(await page.locator('img[src*="sling-tv-hero"]').count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ['desktop', DESKTOP],
    ['390px', PHONE],
  ] as const)('takes each page over without a hydration error or a shift (%s)', async (_, viewport) => {
    for (const { path } of PAGES) {
      const still = await browser.newContext({ ...viewport, javaScriptEnabled: false });
      const staticPage = await still.newPage();
      await staticPage.goto(siteUrl(path));
      const before = await headingBox(staticPage);
      await still.close();

      const page = await openPage(browser, viewport);
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 404/.test(m.text())) consoleErrors.push(m.text());
      });
      await page.goto(siteUrl(path));
      const after = await headingBox(page);
      expect({ path, errors: [...page.errors, ...consoleErrors] }).toEqual({ path, errors: [] });
      expect({ path, x: after.x, y: after.y, width: after.width }).toEqual({ path, x: before.x, y: before.y, width: before.width });
      await page.context().close();
    }
  });
});
