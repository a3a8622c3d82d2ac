/**
 * A press while the page starts is never lost, whatever the part pressed does when it starts. On
 * /products/offers-api a visitor scrolls to the demo as soon as the HTML is parsed and presses
 * "Entertainment": the press lands before, during or after the demo's section hydrates, depending on
 * the run, and must select the tab every time. Thirty runs in a row, at the page's own pace.
 */
import type { Browser } from 'playwright-core';
import { demoSamples } from '../mf-marketing/src/content/offers-api-samples';
import { launchBrowser, openPage, siteUrl } from './support/browser';
import { becomeInteractive } from './support/visitor';

const RUNS = 30;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

it(`selects the demo tab pressed at DOMContentLoaded, ${RUNS} runs in a row`, async () => {
  const tabName = demoSamples[1]!.tab;
  const missed: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await openPage(browser);
    await page.mainFrame().goto(siteUrl('/products/offers-api'), { waitUntil: 'domcontentloaded' });
    const tab = page.getByRole('tab', { name: tabName });
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    await becomeInteractive(page);
    // Selected once the press has been answered, which a lost press never is.
    const selected = await page
      .waitForFunction(
        (name) =>
          [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name)?.getAttribute('aria-selected') === 'true',
        tabName,
        { timeout: 5_000 },
      )
      .then(() => true)
      .catch(() => false);
    if (!selected) missed.push(run);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }
  expect(missed).toEqual([]);
}, 300_000);
