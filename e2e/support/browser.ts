/** Debian's Chromium driven by playwright-core; no browser download ever happens. */
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

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

/** A page that records uncaught errors, so a test can assert the page stayed healthy. */
export async function openPage(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext(options);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  return page;
}

/** Base URL of the site shared by the suite (started in global-setup). */
export function siteUrl(path = '/'): string {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set: run the browser suite through npm run test:e2e');
  return new URL(path, base).href;
}
