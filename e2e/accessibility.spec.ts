/**
 * WCAG 2.2 AA over every route of the site, whole page (frame included), at desktop width and on a
 * 390px phone, with axe-core. Content pages are checked with the first item of each kind from the api.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { remoteMeta as company } from '../mf-company/src/meta';
import { remoteMeta as invest } from '../mf-invest/src/meta';
import { remoteMeta as marketing } from '../mf-marketing/src/meta';
import { remoteMeta as resources } from '../mf-resources/src/meta';
import { shellPages } from '../shell/src/pages/meta';
import { DESKTOP, launchBrowser, openPage, PHONE, siteUrl } from './support/browser';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let browser: Browser;
let routes: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const first = async (path: string, key: 'id' | 'slug') => {
    const items = (await (await fetch(siteUrl(path))).json()) as Record<string, string>[];
    return items[0]?.[key] ?? '';
  };
  const staticPaths = [...[marketing, resources, company, invest].flatMap((m) => m.pages.map((p) => p.path)), ...shellPages.map((p) => p.path)];
  routes = [
    ...new Set(staticPaths.filter((p) => p !== '/company')),
    `/case-studies/${await first('/api/casestudies', 'id')}`,
    `/blog/${await first('/api/blog', 'id')}`,
    `/company/careers/${await first('/api/jobs', 'slug')}`,
    '/no-such-page',
  ];
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
