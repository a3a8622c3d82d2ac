/**
 * The marketing section's pages are chunks of their own: a page loads only its own code (preloaded
 * with its HTML), the pages its links lead to load on intent or in view, and a navigation never
 * shows a blank or a skeleton, even to a page whose code has not arrived yet or failed to.
 */
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, framesDrawn, launchBrowser, openPage, PHONE, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PAGE_CHUNK = /\/page-([a-z-]+)\.[0-9a-f]+\.js$/;

/** The page chunks the page has asked for, in order. */
function recordPageChunks(page: Page): string[] {
  const chunks: string[] = [];
  page.on('request', (request) => {
    const match = PAGE_CHUNK.exec(new URL(request.url()).pathname);
    if (match?.[1]) chunks.push(match[1]);
  });
  return chunks;
}

/** Notes, from now on, any moment the page shows no h1 or shows the loading skeleton. */
async function watchForBlank(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const w = window as unknown as { blank?: boolean };
    w.blank = false;
    new MutationObserver(() => {
      if (!document.querySelector('h1') || document.querySelector('[role="status"] .sr-only')?.textContent === 'Loading page')
        w.blank = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { blank?: boolean }).blank === true);
}

/** Waits for the page titled `title` (the document's title, which the page sets as it renders). */
const titled = (page: Page, title: string) => page.waitForFunction((t) => document.title.startsWith(t), title);

/** Waits (10 s at most) for a condition only the test process can see, such as a request made. */
async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('page chunks', () => {
  it("the home page's HTML preloads its own page chunk and no other", async () => {
    const html = await (await fetch(siteUrl('/'))).text();
    const preloaded = [...html.matchAll(/page-([a-z-]+)\.[0-9a-f]+\.js/g)].map((m) => m[1]);
    expect([...new Set(preloaded)]).toEqual(['home']);
  });

  it('loads the current page first, and a page only a closed menu links to on hover', async () => {
    const page = await openPage(browser, DESKTOP);
    const chunks = recordPageChunks(page);
    await page.goto(siteUrl('/products/transactional-data'));
    // Pages linked in view (the logo's home page) may follow once the page is interactive and idle.
    expect(chunks[0]).toBe('transactional-data');
    expect(chunks).not.toContain('offers-api');
    const nav = page.getByTestId('site-header').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Products' }).click();
    await page.locator('header a[href="/products/offers-api"]').first().hover();
    await until(() => chunks.includes('offers-api'));
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a page linked in view is fetched as a prefetch, not run, and a press then shows it', async () => {
    const page = await openPage(browser, PHONE);
    const kinds: string[] = [];
    page.on('request', (request) => {
      if (PAGE_CHUNK.exec(new URL(request.url()).pathname)?.[1] === 'card-linked-offers') kinds.push(request.resourceType());
    });
    await page.goto(siteUrl('/'));
    const link = page.locator('main a[href="/products/card-linked-offers"]').first();
    await link.scrollIntoViewIfNeeded();
    await until(() => kinds.length > 0);
    // A prefetch is fetched at the lowest priority into the cache: the browser reports it as "other", a run script as "script".
    expect(kinds).toEqual(['other']);
    await link.click();
    await titled(page, 'Card-Linked Offers');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a link pressed the moment it shows leads to its page, whose code was delayed, without a blank', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Held back, so the press surely comes before any prefetch has brought it.
    await page.route(/page-offers-network\.[0-9a-f]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(siteUrl('/'), { waitUntil: 'commit' });
    await page.locator('main a[href="/products/offers-network"]').first().click();
    await page.waitForURL(siteUrl('/products/offers-network'));
    await titled(page, 'Offers Network');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a client-side navigation to a page whose code has not arrived keeps the current page until the next one shows', async () => {
    const page = await openPage(browser, DESKTOP);
    // The page's code is held until the test lets it through, so the navigation surely comes first,
    // however fast or busy the machine.
    let solutionLoads = 0;
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(/page-solution\.[0-9a-f]+\.js$/, async (route) => {
      solutionLoads += 1;
      await held;
      await route.continue();
    });
    await page.goto(siteUrl('/products/offers-network'));
    const heading = await page.locator('main h1').textContent();
    // Gone if the navigation loaded a new document instead of rendering in this one.
    await page.evaluate(() => ((window as unknown as { sameDocument?: boolean }).sameDocument = true));
    const sawBlank = await watchForBlank(page);
    const nav = page.getByTestId('site-header').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Solutions' }).click();
    await page.locator('header a[href="/solutions/agencies"]').first().click();
    await page.waitForFunction(() => location.pathname === '/solutions/agencies');
    await until(() => solutionLoads === 1);
    await framesDrawn(page);
    // The address is the next page's; what shows is still the current page, whole.
    expect(await page.locator('main h1').textContent()).toBe(heading);
    letThrough();
    await titled(page, 'Agencies');
    await page.getByRole('heading', { level: 1, name: 'A performance channel your clients can trust' }).waitFor();
    expect(await sawBlank()).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(solutionLoads).toBe(1);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('a page opened at a #fragment shows that section, and a #fragment link stays on the page', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(siteUrl('/products/offers-api#get-paid'));
    await page.waitForFunction(() => {
      const top = document.getElementById('get-paid')?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < 200;
    });
    const chunks = recordPageChunks(page);
    await page.locator('main a[href="#how-it-works"]').first().click();
    await page.waitForFunction(() => {
      const top = document.getElementById('how-it-works')?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < 200;
    });
    expect(new URL(page.url()).pathname).toBe('/products/offers-api');
    expect(chunks).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('without JavaScript, a page is whole and its links lead to whole pages', async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(siteUrl('/'));
    await page.locator('main a[href="/products/card-linked-offers"]').first().click();
    await page.waitForURL(siteUrl('/products/card-linked-offers'));
    await titled(page, 'Card-Linked Offers');
    await context.close();
  });

  it('a page chunk that fails to load shows the section error panel, and Retry loads the page', async () => {
    const page = await openPage(browser, DESKTOP);
    const blocked = /page-card-linked-offers\.[0-9a-f]+\.js$/;
    await page.route(blocked, (route) => route.abort('failed'));
    await page.goto(siteUrl('/'));
    await page.locator('main a[href="/products/card-linked-offers"]').first().click();
    const panel = page.locator('[data-remote-failure="mf_marketing"]');
    await panel.getByRole('heading', { name: 'This section is temporarily unavailable' }).waitFor();
    await page.unroute(blocked);
    await panel.getByRole('button', { name: 'Retry' }).click();
    await titled(page, 'Card-Linked Offers');
    await page.locator('main h1').filter({ hasNotText: 'temporarily unavailable' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
