/**
 * The first click is never lost: the server's HTML is on screen well before the page's code, and a
 * visitor who presses the Products menu or Talk to Sales in that window gets what they pressed for
 * once the code arrives, without pressing again.
 */
import type { Browser, Page } from 'playwright-core';
import { INTERACTIVE_ATTRIBUTE } from '../shell/src/layout/mark-interactive';
import { launchBrowser, openPage, PHONE, siteUrl } from './support/browser';
import { expectFormReached, slowScripts } from './support/visitor';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Opens `path` with slow scripts and returns once the server's HTML is there, long before hydration. */
async function openEarly(path: string, options = {}): Promise<Page & { errors: string[] }> {
  const page = await openPage(browser, options);
  await slowScripts(page);
  await page.mainFrame().goto(siteUrl(path), { waitUntil: 'domcontentloaded' });
  return page;
}

const interactive = (page: Page) => page.evaluate((attr) => document.documentElement.hasAttribute(attr), INTERACTIVE_ATTRIBUTE);

describe('a press before the page has hydrated', () => {
  it.each(['/', '/case-studies/sling-tv-case-study'])('opens the Products menu on %s', async (path) => {
    const page = await openEarly(path);
    const products = page.locator('header').getByRole('button', { name: 'Products', exact: true });
    await products.click();
    expect(await interactive(page)).toBe(false);
    await page.locator('[data-menu="products"]').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await products.getAttribute('aria-expanded')).toBe('true');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('takes Talk to Sales to the contact form', async () => {
    const page = await openEarly('/products/card-linked-offers');
    await page.locator('header').getByRole('button', { name: 'Talk to Sales' }).click();
    expect(await interactive(page)).toBe(false);
    await expectFormReached(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens the phone menu', async () => {
    const page = await openEarly('/solutions/retail', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await interactive(page)).toBe(false);
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ timeout: 15_000 });
    await page.context().close();
  });
});
