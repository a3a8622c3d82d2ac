/**
 * The site works from the HTML the server sends, for a visitor whose browser runs no script (turned
 * off, blocked, or not arrived yet): the header's menus reach every page they list, on a desktop and
 * on a phone, the FAQ answers are in the page, and the Offers API demo shows a complete sample.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { cardLinkedOffersContent } from '../mf-marketing/src/content/card-linked-offers';
import { offersApiContent } from '../mf-marketing/src/content/offers-api';
import { demoSamples } from '../mf-marketing/src/content/offers-api-samples';
import { transactionalDataContent } from '../mf-marketing/src/content/transactional-data';
import { DESKTOP, launchBrowser, PHONE, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openWithoutScript(path: string, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl(path));
  return page;
}

const PRODUCT = '/products/offers-api';

describe('without script', () => {
  it('the desktop header opens a menu and reaches a product page', async () => {
    const page = await openWithoutScript('/', DESKTOP);
    const panel = page.locator('[data-menu="products"]');
    expect(await panel.isVisible()).toBe(false);
    await page.locator('header').getByRole('button', { name: 'Products', exact: true }).hover();
    await panel.waitFor({ state: 'visible' });
    await panel.locator(`a[href="${PRODUCT}"]`).click();
    await page.waitForURL(siteUrl(PRODUCT));
    // Keyboard: focus on the group's button opens it too.
    await page.locator('header').getByRole('button', { name: 'Solutions', exact: true }).focus();
    await page.locator('[data-menu="solutions"]').waitFor({ state: 'visible' });
    await page.context().close();
  });

  it('the phone header opens the menu as a sheet and reaches a product page', async () => {
    const page = await openWithoutScript('/', PHONE);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await page.locator('header').getByRole('link', { name: 'Menu', exact: true }).tap();
    const sheet = page.locator('nav#site-menu');
    await sheet.waitFor({ state: 'visible' });
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBe(PHONE.viewport!.width);
    await sheet.locator(`a[href="${PRODUCT}"]`).tap();
    await page.waitForURL(siteUrl(PRODUCT));
    await page.context().close();
  });

  it('the Offers API demo shows its first sample typed, with the response card', async () => {
    const page = await openWithoutScript('/products/offers-api', DESKTOP);
    const [first] = demoSamples;
    expect(await page.getByTestId('typed-code').locator('pre').last().textContent()).toBe(first!.code);
    const response = page.getByRole('article', { name: offersApiContent.demo.responseLabel });
    expect(await response.textContent()).toContain(first!.offer.brand);
    expect(await page.getByText('Waiting for the response').count()).toBe(0);
    await page.context().close();
  });
});

/** The text of HTML as a browser reads it, for the few entities React writes. */
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('the HTML the server sends', () => {
  it.each([
    ['/products/card-linked-offers', cardLinkedOffersContent.faq],
    ['/products/offers-api', offersApiContent.faq],
    ['/products/transactional-data', transactionalDataContent.faq],
  ])('has every FAQ answer of %s, each in a closed disclosure', async (path, faq) => {
    const html = decode(await (await fetch(siteUrl(path))).text());
    expect(html.match(/<details /g)).toHaveLength(faq.length);
    expect(html).not.toMatch(/<details [^>]*\bopen\b/);
    for (const { answer } of faq) expect(html).toContain(answer);
  });
});
