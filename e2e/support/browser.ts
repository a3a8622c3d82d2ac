/** Debian's Chromium driven by playwright-core; no browser download ever happens. */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { INTERACTIVE_ATTRIBUTE } from '../../shell/src/layout/mark-interactive';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * A page that records uncaught errors, so a test can assert the page stayed healthy. Its `goto`
 * returns once the page is interactive: the server's HTML is visible before the code that makes
 * menus and forms respond has hydrated it, and a visitor's click that early would do nothing.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext(options);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    const response = await goto(url, gotoOptions);
    await page.waitForSelector(`html[${INTERACTIVE_ATTRIBUTE}]`, { state: 'attached' });
    return response;
  };
  return page;
}

/** Base URL of the site shared by the suite (started in global-setup). */
export function siteUrl(path = '/'): string {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set: run the browser suite through npm run test:e2e');
  return new URL(path, base).href;
}
