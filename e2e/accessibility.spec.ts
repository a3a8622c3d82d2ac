/**
 * WCAG 2.2 AA over every route of the site, whole page (frame included), at desktop width and on a
 * 390px phone, with axe-core. Content pages are checked with one item of each kind, a closed job
 * posting included (support/site-pages.ts).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE, siteUrl } from './support/browser';
import { siteContentDir } from './support/content';
import { sitePages } from './support/site-pages';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let browser: Browser;
let routes: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  // /company only redirects to About Us.
  routes = sitePages(siteContentDir())
    .map((p) => p.path)
    .filter((p) => p !== '/company');
});

afterAll(async () => {
  await browser.close();
});

async function audit(page: Page, path: string): Promise<string[]> {
  await page.goto(siteUrl(path));
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Bring in the lazily loaded contact form, so it is audited too.
  await page.evaluate(() => window.dispatchEvent(new Event('cardlift:contact-requested')));
  if (await page.locator('#contact').count()) await page.getByRole('form', { name: 'Talk to Sales' }).waitFor();
  const results = await new AxeBuilder({ page: page as never }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe.each([
  ['desktop', DESKTOP],
  ['390px phone', PHONE],
])('every route on %s', (_name, viewport) => {
  it('has no WCAG 2.2 AA violations', async () => {
    expect(routes.length).toBeGreaterThan(25);
    // Colours are audited at rest: with reduced motion the header's colour transition (white to
    // black on dark pages) and the count-ups settle at once instead of being caught half way.
    const page = await openPage(browser, { ...viewport, reducedMotion: 'reduce' });
    const violations: string[] = [];
    for (const path of routes) violations.push(...(await audit(page, path)));
    expect(violations).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 600_000);
});
