/**
 * Count-up figures on /products/card-linked-offers: the HTML carries the final figures (crawlers,
 * link previews, no JavaScript, the moments before hydration); the script counts a tile up from 0
 * only when it comes into view, and never shows the final figure before its 0.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, siteUrl } from './support/browser';

const PATH = '/products/card-linked-offers';
const FIGURES = ['2M+', '$155B', '11x', '360°'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** What each tile shows (its visual text; screen readers get the figure from a separate span). */
const shownFigures = (page: Page) =>
  page.locator('main p:has(> .sr-only) > span[aria-hidden="true"]').evaluateAll((spans) => spans.map((s) => s.textContent));

describe('count-up figures', () => {
  it('are final in the HTML the server sends', async () => {
    const html = await (await fetch(siteUrl(PATH))).text();
    for (const figure of FIGURES) expect(html).toContain(`<span aria-hidden="true">${figure}</span>`);
    expect(html).not.toContain('>0M+<');
  });

  it('read the final figures without JavaScript', async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl(PATH));
    expect(await shownFigures(page)).toEqual(FIGURES);
    await context.close();
  });

  it('count up from 0 once scrolled into view, without showing the final figure first', async () => {
    // A short window: the tiles start below the fold.
    const page = await openPage(browser, { viewport: { width: 1280, height: 500 } });
    // Records every text each tile shows while it is on screen, from the first paint on.
    await page.addInitScript(() => {
      const seen: string[][] = [];
      (window as unknown as { seenFigures: string[][] }).seenFigures = seen;
      const record = () => {
        const spans = document.querySelectorAll('main p:has(> .sr-only) > span[aria-hidden="true"]');
        spans.forEach((span, i) => {
          const box = span.getBoundingClientRect();
          if (box.bottom <= 0 || box.top >= window.innerHeight) return;
          const list = (seen[i] ??= []);
          if (list.at(-1) !== span.textContent) list.push(span.textContent ?? '');
        });
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.goto(siteUrl(PATH));
    expect(await page.evaluate(() => (window as unknown as { seenFigures: string[][] }).seenFigures.flat())).toEqual([]);
    expect((await shownFigures(page))[0]).toBe('0M+');

    await page.locator('main p:has(> .sr-only)').first().scrollIntoViewIfNeeded();
    await page.waitForFunction((want) => {
      const spans = document.querySelectorAll('main p:has(> .sr-only) > span[aria-hidden="true"]');
      return [...spans].every((s, i) => s.textContent === want[i]);
    }, FIGURES);
    const seen = await page.evaluate(() => (window as unknown as { seenFigures: string[][] }).seenFigures);
    expect(seen.length).toBeGreaterThan(0);
    for (const [i, texts] of seen.entries()) {
      if (!texts) continue;
      expect(texts[0]).not.toBe(FIGURES[i]);
      expect(texts.at(-1)).toBe(FIGURES[i]);
      expect(texts.length).toBeGreaterThan(2);
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('stay final, with no animation, for a visitor who asked for reduced motion', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 500 }, reducedMotion: 'reduce' });
    await page.goto(siteUrl(PATH));
    expect(await shownFigures(page)).toEqual(FIGURES);
    await page.locator('main p:has(> .sr-only)').first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(await shownFigures(page)).toEqual(FIGURES);
    await page.context().close();
  });
});
