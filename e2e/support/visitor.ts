/** What a visitor does and sees, shared by the suites that check it on slow and fast loads alike. */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { INTERACTIVE_ATTRIBUTE } from '../../shell/src/layout/mark-interactive';
import { openPage, siteUrl } from './browser';

/** Slow networks: scripts arrive this long after they are asked for, the HTML at once. */
export const SCRIPT_DELAY_MS = 1500;

export async function slowScripts(page: Page): Promise<void> {
  await page.route(/\.js(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, SCRIPT_DELAY_MS));
    await route.continue();
  });
}

/** Opens `path` with slow scripts and returns once the server's HTML is there, long before hydration. */
export async function openEarly(browser: Browser, path: string, options?: BrowserContextOptions): Promise<Page & { errors: string[] }> {
  const page = await openPage(browser, options);
  await slowScripts(page);
  await page.mainFrame().goto(siteUrl(path), { waitUntil: 'domcontentloaded' });
  return page;
}

/** Whether the page's own content has hydrated and answers input. */
export const interactive = (page: Page) => page.evaluate((attr) => document.documentElement.hasAttribute(attr), INTERACTIVE_ATTRIBUTE);

/** Resolves once the page's own content has hydrated. */
export const becomeInteractive = (page: Page) =>
  page.waitForSelector(`html[${INTERACTIVE_ATTRIBUTE}]`, { state: 'attached', timeout: 15_000 }).then(() => undefined);

/** The form is on screen and its first field has focus, so typing goes straight into it. */
export async function expectFormReached(page: Page): Promise<void> {
  const form = page.locator('section#contact').getByRole('form', { name: 'Talk to Sales' });
  await form.waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.autocomplete === 'given-name');
  await page.waitForFunction(() => {
    const box = document.querySelector('section#contact form')?.getBoundingClientRect();
    return Boolean(box && box.top < window.innerHeight && box.bottom > 0);
  });
  await page.keyboard.type('Ada');
  expect(await form.getByLabel('First name').inputValue()).toBe('Ada');
}
