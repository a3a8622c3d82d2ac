// The early-click check: in real Chromium with the CPU slowed down (CDP), press the header's Products
// menu as soon as the server's HTML has painted, before the page has finished hydrating, and report
// whether the menu opened and the interaction's next paint (INP) from the Event Timing API.
import { chromium } from 'playwright-core';
import { require as requireTs } from 'tsx/cjs/api';

/** The attribute the shell sets on <html> once the page answers input. */
const { INTERACTIVE_ATTRIBUTE } = requireTs('../../shell/src/layout/mark-interactive.ts', import.meta.url);

export async function earlyClick(baseUrl, path, { cpuSlowdown = 4, chromePath } = {}) {
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
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'commit' });
    const trigger = page.getByRole('button', { name: 'Products', exact: true }).first();
    await trigger.waitFor({ state: 'visible' });
    const hydratedBeforeClick = await page.evaluate((a) => document.documentElement.hasAttribute(a), INTERACTIVE_ATTRIBUTE);
    const clickedAt = Date.now();
    await trigger.click({ noWaitAfter: true });
    const opened = await page
      .locator('[data-menu="products"]')
      .waitFor({ state: 'visible', timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    const openMs = Date.now() - clickedAt;
    // Event Timing entries are queued after the next paint: wait for two frames before reading.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
    const durations = await page.evaluate(() => window.__interactions);
    return { opened, openMs, inpMs: durations.length ? Math.round(Math.max(...durations)) : 0, hydratedBeforeClick };
  } finally {
    await browser.close();
  }
}
