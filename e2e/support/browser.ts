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

/**
 * Resolves once the page has drawn two more frames and run the work they queued: scroll events,
 * requestAnimationFrame measurements and React's render of their state. A check that something did
 * NOT happen after a scroll waits for this, a condition, instead of a fixed sleep.
 */
export function framesDrawn(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))),
  );
}

/** Runs `act` (a wheel, a key press) and resolves once the page has received `event` and drawn the frames after it. */
export async function afterEvent(page: Page, event: 'wheel' | 'keydown', act: () => Promise<void>): Promise<void> {
  await page.evaluate((name) => {
    (window as unknown as Record<string, Promise<void>>).__cardliftEvent = new Promise<void>((resolve) =>
      window.addEventListener(name, () => resolve(), { once: true, capture: true }),
    );
  }, event);
  await act();
  await page.evaluate(() => (window as unknown as Record<string, Promise<void>>).__cardliftEvent);
  await framesDrawn(page);
}

/** Sum of layout shifts since the page started (what CLS adds up), shifts after input excluded, read half a second on. */
export const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
