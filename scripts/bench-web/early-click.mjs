// The early-press checks: in real Chromium with the CPU slowed down (CDP), press a part of the page
// as soon as the server's HTML shows it, before the page has finished hydrating, and report whether
// the press took effect, how long it took, and the interaction's next paint (INP) from the Event
// Timing API. Also how long a visitor arriving at /#contact waits for the form's fields.
import { chromium } from 'playwright-core';
import { require as requireTs } from 'tsx/cjs/api';

/** The attribute the shell sets on <html> once the page answers input. */
const { INTERACTIVE_ATTRIBUTE } = requireTs('../../shell/src/layout/mark-interactive.ts', import.meta.url);

/** The first FAQ list's page, and where the contact form's fields are waited for. */
export const FAQ_PAGE = '/products/card-linked-offers';
export const CONTACT_PAGE = '/#contact';

/** Runs `check(page)` on a fresh page of a browser with the CPU slowed down by `cpuSlowdown`. */
async function withSlowPage(chromePath, cpuSlowdown, check) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    // Every interaction's Event Timing entry, observed from the first script on.
    await page.addInitScript(() => {
      window.__interactions = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.interactionId) window.__interactions.push(e.duration);
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
    });
    return await check(page);
  } finally {
    await browser.close();
  }
}

const hydrated = (page) => page.evaluate((a) => document.documentElement.hasAttribute(a), INTERACTIVE_ATTRIBUTE);

/** Presses `trigger` once visible and waits for `effect`; the result row of the early-press table. */
async function pressEarly(page, trigger, effect) {
  await trigger.waitFor({ state: 'visible' });
  const hydratedBeforeClick = await hydrated(page);
  const clickedAt = Date.now();
  await trigger.click({ noWaitAfter: true });
  const opened = await effect().then(
    () => true,
    () => false,
  );
  const openMs = Date.now() - clickedAt;
  // Event Timing entries are queued after the next paint: wait for two frames before reading.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
  const durations = await page.evaluate(() => window.__interactions);
  return { opened, openMs, inpMs: durations.length ? Math.round(Math.max(...durations)) : 0, hydratedBeforeClick };
}

/** The header's Products menu, pressed as soon as it shows. */
export function earlyClick(baseUrl, path, { cpuSlowdown = 4, chromePath } = {}) {
  return withSlowPage(chromePath, cpuSlowdown, async (page) => {
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    const trigger = page.getByRole('button', { name: 'Products', exact: true }).first();
    return pressEarly(page, trigger, () => page.locator('[data-menu="products"]').waitFor({ state: 'visible', timeout: 10_000 }));
  });
}

/**
 * The first FAQ question, pressed the moment it scrolls into view. `opened` also asks that it is
 * still open once the page has hydrated (hydration must not close what the visitor opened).
 */
export function earlyFaqPress(baseUrl, { cpuSlowdown = 4, chromePath } = {}) {
  return withSlowPage(chromePath, cpuSlowdown, async (page) => {
    await page.goto(`${baseUrl}${FAQ_PAGE}`, { waitUntil: 'domcontentloaded' });
    const item = page.locator('main details').first();
    const row = await pressEarly(page, item.locator('summary'), () => item.locator('p').waitFor({ state: 'visible', timeout: 10_000 }));
    await page.waitForSelector(`html[${INTERACTIVE_ATTRIBUTE}]`, { state: 'attached', timeout: 20_000 }).catch(() => undefined);
    const keptOpen = await item.evaluate((details) => details.open);
    return { ...row, opened: row.opened && keptOpen };
  });
}

/** A visitor arriving at /#contact: whether the form's fields arrive, and how long after the navigation started. */
export function contactFormArrival(baseUrl, { cpuSlowdown = 4, chromePath } = {}) {
  return withSlowPage(chromePath, cpuSlowdown, async (page) => {
    await page.goto(`${baseUrl}${CONTACT_PAGE}`, { waitUntil: 'commit' });
    const fieldsPresent = await page
      .locator('section#contact form input[autocomplete="given-name"]')
      .waitFor({ state: 'visible', timeout: 20_000 })
      .then(
        () => true,
        () => false,
      );
    // From the start of the navigation (the page's time origin).
    const msToFields = fieldsPresent ? await page.evaluate(() => Math.round(performance.now())) : '-';
    return { page: CONTACT_PAGE, fieldsPresent, msToFields };
  });
}
