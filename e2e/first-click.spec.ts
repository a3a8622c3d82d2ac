/**
 * The first press is never lost: the server's HTML is on screen well before the page's code, and a
 * visitor who presses a menu, a FAQ question, a demo tab or Talk to Sales in that window gets what
 * they pressed for, without pressing again, and only once.
 */
import type { Browser, Page } from 'playwright-core';
import { loadContent } from '../api/src/content/content-store';
import { demoSamples } from '../mf-marketing/src/content/offers-api-samples';
import { launchBrowser, openPage, PHONE, siteUrl } from './support/browser';
import { siteContentDir } from './support/content';
import { becomeInteractive, expectFormReached, interactive, openEarly } from './support/visitor';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** True once React has hydrated `selector`'s element (a peek at React's own mark, so "after hydration" is not assumed). */
const hydrated = (page: Page, selector: string) =>
  page.waitForFunction((s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactFiber')), selector, {
    timeout: 15_000,
  });

describe('a press before the page has hydrated', () => {
  it.each(['/', '/case-studies/sling-tv-case-study'])('opens the Products menu on %s', async (path) => {
    const page = await openEarly(browser, path);
    const products = page.locator('header').getByRole('button', { name: 'Products', exact: true });
    await products.click();
    expect(await interactive(page)).toBe(false);
    await page.locator('[data-menu="products"]').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await products.getAttribute('aria-expanded')).toBe('true');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('takes the header Talk to Sales to the contact form', async () => {
    const page = await openEarly(browser, '/products/card-linked-offers');
    await page.locator('header').getByRole('link', { name: 'Talk to Sales' }).click();
    expect(await interactive(page)).toBe(false);
    await expectFormReached(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens the phone menu', async () => {
    const page = await openEarly(browser, '/solutions/retail', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await interactive(page)).toBe(false);
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ timeout: 15_000 });
    await page.context().close();
  });

  it.each(['/products/card-linked-offers', '/products/transactional-data'])(
    'opens the FAQ question pressed as it scrolls into view on %s, and hydration keeps it open',
    async (path) => {
      const page = await openEarly(browser, path);
      const faq = page.locator('main details');
      await faq.first().locator('summary').click();
      expect(await interactive(page)).toBe(false);
      expect(await faq.first().evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
      await expect(faq.first().locator('p').isVisible()).resolves.toBe(true);
      await becomeInteractive(page);
      await hydrated(page, 'main details');
      expect(await faq.evaluateAll((items: HTMLDetailsElement[]) => items.map((d) => d.open))).toEqual([
        true,
        ...Array<boolean>((await faq.count()) - 1).fill(false),
      ]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );

  it('selects the Offers API demo tab pressed while the page starts', async () => {
    const page = await openEarly(browser, '/products/offers-api');
    const tab = page.getByRole('tab', { name: demoSamples[1]!.tab });
    await tab.click();
    expect(await interactive(page)).toBe(false);
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name)?.getAttribute('aria-selected') === 'true',
      demoSamples[1]!.tab,
      { timeout: 15_000 },
    );
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  const content = loadContent(siteContentDir());
  const postWithCta = content.blogPosts.find((post) => content.blogPost(post.id)?.content.callToAction);
  it.each(['/', '/products/offers-api', '/case-studies/sling-tv-case-study', `/blog/${postWithCta?.id}`])(
    "takes the page's own Talk to Sales to the contact section on %s",
    async (path) => {
      const page = await openEarly(browser, path);
      const press = page.locator('main a[href="#contact"]').first();
      await press.click();
      expect(await interactive(page)).toBe(false);
      // The browser's own jump, before any script: the section is on screen.
      await page.waitForFunction(() => {
        const box = document.querySelector('section#contact')?.getBoundingClientRect();
        return Boolean(box && box.top < window.innerHeight && box.bottom > 0);
      });
      // Then the script's part, once: focus moves into the section.
      await becomeInteractive(page);
      await page.waitForFunction(() => Boolean(document.activeElement?.closest('section#contact')), undefined, { timeout: 15_000 });
      expect(page.errors).toEqual([]);
      await page.context().close();
    },
  );
});

/**
 * Presses `buttonName` in the header in the same task as React's first commit that hydrated it, once
 * that commit is done and before the effects React runs in a later task: the press nearest to hydration
 * a visitor can make, pinned so it happens on every run. React calls the devtools hook on each commit.
 */
async function pressRightAfterHydration(page: Page, buttonName: string): Promise<void> {
  await page.addInitScript((name) => {
    let pressed = false;
    const hook = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => undefined,
      onScheduleFiberRoot: () => undefined,
      onCommitFiberUnmount: () => undefined,
      onPostCommitFiberRoot: () => undefined,
      onCommitFiberRoot: () => {
        const button = [...document.querySelectorAll<HTMLButtonElement>('header button')].find(
          (candidate) =>
            candidate.offsetParent !== null && (candidate.getAttribute('aria-label') ?? candidate.textContent?.trim()) === name,
        );
        if (pressed || !button || !Object.keys(button).some((key) => key.startsWith('__reactFiber'))) return;
        pressed = true;
        queueMicrotask(() => button.click());
      },
    };
    Object.assign(window, { __REACT_DEVTOOLS_GLOBAL_HOOK__: hook });
  }, buttonName);
}

describe('a press the moment the header has hydrated', () => {
  it('opens the Products menu and leaves it open', async () => {
    const page = await openPage(browser);
    await pressRightAfterHydration(page, 'Products');
    await page.goto(siteUrl('/company/about-us'));
    await page.locator('[data-menu="products"]').waitFor({ state: 'visible', timeout: 15_000 });
    // Still open once the page's effects have all run.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await page.locator('[data-menu="products"]').isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('opens the phone menu', async () => {
    const page = await openPage(browser, PHONE);
    await pressRightAfterHydration(page, 'Open menu');
    await page.goto(siteUrl('/solutions/retail'));
    await page.getByRole('dialog', { name: 'Menu' }).waitFor({ timeout: 15_000 });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
