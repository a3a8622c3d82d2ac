/**
 * Where the page is scrolled is the visitor's: hydration must not move it, a hash link lands on its
 * target, a new page starts at the top, and Back / Forward return to where the visitor was.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, siteUrl } from './support/browser';
import { INTERACTIVE_ATTRIBUTE } from '../shell/src/layout/mark-interactive';
import { slowScripts } from './support/visitor';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const waitInteractive = (page: Page) => page.waitForSelector(`html[${INTERACTIVE_ATTRIBUTE}]`, { state: 'attached', timeout: 30_000 });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** The heading with `id` is at the top of the view (below the sticky header: its scroll margin). */
async function expectAtTop(page: Page, id: string): Promise<void> {
  const top = await page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id);
  expect(top).toBeGreaterThanOrEqual(-1);
  expect(top).toBeLessThan(200);
}

const nextFrames = (page: Page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

describe('scroll position', () => {
  it('stays where the visitor scrolled while the page was loading', async () => {
    const page = await openPage(browser);
    await slowScripts(page);
    // openPage's goto waits for hydration; the raw navigation below must not.
    await page.mainFrame().goto(siteUrl('/privacy'), { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate((attr) => document.documentElement.hasAttribute(attr), INTERACTIVE_ATTRIBUTE)).toBe(false);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY >= 1400);
    const before = await scrollY(page);
    await waitInteractive(page);
    await nextFrames(page);
    expect(await scrollY(page)).toBe(before);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens a hash link at its heading and keeps it there after hydration', async () => {
    const page = await openPage(browser);
    await slowScripts(page);
    await page.mainFrame().goto(siteUrl('/terms#legal-redeeming-points'), { waitUntil: 'domcontentloaded' });
    // The browser's own jump to the fragment, before any script of the page has run: with the boot
    // script inlined, DOMContentLoaded no longer waits for a file, and may come a frame before it.
    await page.waitForFunction(() => window.scrollY > 0, undefined, { timeout: 5_000 });
    expect(await page.evaluate((attr) => document.documentElement.hasAttribute(attr), INTERACTIVE_ATTRIBUTE)).toBe(false);
    await expectAtTop(page, 'legal-redeeming-points');
    await waitInteractive(page);
    await nextFrames(page);
    await expectAtTop(page, 'legal-redeeming-points');
    await page.context().close();
  });

  it('starts a new page at the top, and a contents link lands on its section', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/privacy'));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('footer').getByRole('link', { name: /terms/i }).first().click();
    await page.waitForURL(/\/terms$/);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await nextFrames(page);
    expect(await scrollY(page)).toBe(0);
    await page.locator('main a[href="#legal-disputes"]').first().click();
    await page.waitForURL(/\/terms#legal-disputes$/);
    await nextFrames(page);
    await expectAtTop(page, 'legal-disputes');
    await page.context().close();
  });

  it('returns to the earlier position on Back and Forward', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/privacy'));
    await page.evaluate(() => window.scrollTo(0, 1200));
    await nextFrames(page);
    expect(await scrollY(page)).toBe(1200);
    // The logo in the sticky header: clicking it needs no scrolling, so 1200 is where the visitor left.
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL(siteUrl('/'));
    await page.getByRole('heading', { level: 1, name: /bring customers back/i }).waitFor();
    await nextFrames(page);
    expect(await scrollY(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 700));
    await nextFrames(page);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.waitForFunction(() => Math.round(window.scrollY) === 1200, undefined, { timeout: 5000 });

    await page.goForward();
    await page.waitForURL(siteUrl('/'));
    await page.waitForFunction(() => Math.round(window.scrollY) === 700, undefined, { timeout: 5000 });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens a reloaded page where the visitor was', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/privacy'));
    await page.evaluate(() => window.scrollTo(0, 1500));
    await nextFrames(page);
    await page.reload();
    await waitInteractive(page);
    await nextFrames(page);
    expect(await scrollY(page)).toBe(1500);
    await page.context().close();
  });
});
