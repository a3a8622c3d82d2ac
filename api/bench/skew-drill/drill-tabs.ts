/**
 * The skew drill's visitors: Chromium tabs that each open a page, open a header menu, navigate
 * client-side through the sections and now and then send the contact form, for as long as the drill
 * runs. Every page error, console error, failed request, failure panel and recovered skew is counted.
 */
import { chromium, type Browser, type Page } from 'playwright-core';

export interface TabTally {
  pageErrors: string[];
  consoleErrors: string[];
  failedRequests: string[];
  errorPanels: number;
  /** Document navigations the page made by itself (a skew recovery), and "page was updated" notices. */
  skewRecoveries: number;
  /** Forms the site thanked the visitor for. */
  leadsAcknowledged: number;
  visits: number;
}

const SECTIONS = [
  '/',
  '/products/card-linked-offers',
  '/solutions/retail',
  '/case-studies',
  '/blog',
  '/company/about-us',
  '/company/careers',
  '/invest',
];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

export function emptyTally(): TabTally {
  return { pageErrors: [], consoleErrors: [], failedRequests: [], errorPanels: 0, skewRecoveries: 0, leadsAcknowledged: 0, visits: 0 };
}

function watch(page: Page, tally: TabTally, navigating: { byDrill: boolean }): void {
  page.on('pageerror', (error) => tally.pageErrors.push(error.message));
  page.on('console', (message) => {
    // The browser's own line for a request that failed is counted with the failed requests.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      tally.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') tally.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) tally.failedRequests.push(`${response.status()} ${response.url()}`);
  });
  // A new document the drill did not ask for: the page recovered from a file gone since it loaded.
  // (A client-side navigation changes the history, not the document, and fires no DOMContentLoaded.)
  page.on('domcontentloaded', () => {
    if (!navigating.byDrill) tally.skewRecoveries += 1;
  });
}

async function clientNavigation(page: Page, pathname: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
  await page.waitForFunction((to) => location.pathname === to && Boolean(document.querySelector('main h1')), pathname, { timeout: 30_000 });
}

async function sendForm(page: Page, tally: TabTally, n: number): Promise<void> {
  const form = page.locator('section#contact').getByRole('form', { name: 'Talk to Sales' });
  await page.locator('header a[href="#contact"], main a[href="#contact"]').first().click();
  await form.locator('button[role="combobox"]').waitFor({ timeout: 30_000 });
  await form.getByLabel('First name').fill('Drill');
  await form.getByLabel('Last name').fill(`Tab ${n}`);
  await form.getByLabel('Work email').fill(`drill-${Date.now()}-${n}@example.com`);
  await form.getByLabel('Job title').fill('Tester');
  await form.getByLabel('Company').fill('Skew Drill');
  await form.getByRole('combobox', { name: 'How can we help?' }).click();
  await page.getByRole('option', { name: 'Talk to Sales' }).click();
  await form.getByRole('button', { name: 'Submit' }).click();
  await page.locator('section#contact').getByText("Thank you for your message! We'll get back to you soon.").waitFor({ timeout: 30_000 });
  tally.leadsAcknowledged += 1;
}

/** Time between two tabs' first page loads. */
const ARRIVAL_GAP_MS = 250;

/** Runs one tab until `running()` turns false. */
async function runTab(browser: Browser, baseUrl: string, n: number, running: () => boolean, tally: TabTally): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const navigating = { byDrill: true };
  watch(page, tally, navigating);
  // Visitors arrive over a few seconds, not fifty in the same instant (which on a 2-core machine kept
  // a first page from loading within 30 s). A first load that fails is counted like any other.
  await new Promise((resolve) => setTimeout(resolve, n * ARRIVAL_GAP_MS));
  await page.goto(`${baseUrl}${pick(SECTIONS)}`).catch((error: Error) => {
    tally.pageErrors.push(`tab ${n}: first load: ${error.message.split('\n')[0]}`);
  });
  navigating.byDrill = false;
  let step = 0;
  while (running()) {
    step += 1;
    try {
      await page.waitForSelector('html[data-interactive]', { state: 'attached', timeout: 30_000 });
      if (step % 3 === 0) {
        await page
          .getByTestId('site-header')
          .getByRole('button', { name: pick(['Products', 'Solutions', 'Company']) })
          .click();
        await page.keyboard.press('Escape');
      }
      if (step % 7 === 0) await sendForm(page, tally, n);
      await clientNavigation(page, pick(SECTIONS));
      tally.visits += 1;
      tally.errorPanels += await page.locator('[data-remote-failure]').count();
      // "This page was updated: reload": the visitor reloads, as they would.
      if ((await page.locator('[data-page-updated-notice], [data-page-updated]').count()) > 0) {
        tally.skewRecoveries += 1;
        navigating.byDrill = true;
        await page.reload();
        navigating.byDrill = false;
      }
    } catch (error) {
      tally.pageErrors.push(`tab ${n}: ${(error as Error).message.split('\n')[0]}`);
      navigating.byDrill = true;
      await page.goto(`${baseUrl}${pick(SECTIONS)}`).catch(() => undefined);
      navigating.byDrill = false;
    }
  }
  await context.close();
}

export async function runTabs(baseUrl: string, count: number, running: () => boolean): Promise<TabTally> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const tallies = Array.from({ length: count }, emptyTally);
  await Promise.all(tallies.map((tally, n) => runTab(browser, baseUrl, n, running, tally)));
  await browser.close();
  const total = emptyTally();
  for (const t of tallies) {
    total.pageErrors.push(...t.pageErrors);
    total.consoleErrors.push(...t.consoleErrors);
    total.failedRequests.push(...t.failedRequests);
    total.errorPanels += t.errorPanels;
    total.skewRecoveries += t.skewRecoveries;
    total.leadsAcknowledged += t.leadsAcknowledged;
    total.visits += t.visits;
  }
  return total;
}
