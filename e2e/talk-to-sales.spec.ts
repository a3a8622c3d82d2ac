/**
 * Every Talk to Sales takes the visitor to a working contact form, on every kind of page: the
 * header's button, the phone menu's entry, and the pages' own buttons. /invest has no contact
 * section of its own; pressing Talk to Sales there must still reach a form.
 */
import type { Browser } from 'playwright-core';
import { siteConfig } from '@cardlift/contracts';
import { launchBrowser, openPage, PHONE, siteUrl } from './support/browser';
import { becomeInteractive, expectFormReached } from './support/visitor';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const PAGES = [
  '/',
  '/products/card-linked-offers',
  '/solutions/retail',
  '/case-studies',
  '/blog',
  '/company/about-us',
  '/privacy',
  '/components',
  '/invest',
];

describe('Talk to Sales', () => {
  for (const path of PAGES) {
    it(`in the header reaches the contact form on ${path}`, async () => {
      const page = await openPage(browser);
      await page.goto(siteUrl(path));
      await page.locator('header').getByRole('link', { name: 'Talk to Sales' }).click();
      await expectFormReached(page);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }

  it('in the phone menu reaches the contact form on /invest', async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(siteUrl('/invest'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Talk to Sales' }).click();
    await expectFormReached(page);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it("stays in a phone's header beside one menu button, and a 320 px screen hides it rather than overflow", async () => {
    const page = await openPage(browser, PHONE);
    await page.goto(siteUrl('/'));
    await becomeInteractive(page);
    const header = page.locator('header');
    await header.getByRole('link', { name: 'Talk to Sales' }).click();
    await expectFormReached(page);
    // The no-script "Menu" link must not show beside the script's menu button.
    expect(await header.getByRole('link', { name: 'Menu', exact: true }).isVisible()).toBe(false);
    expect(await header.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await header.getByRole('link', { name: 'Talk to Sales' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('leaves the /invest page without a sales form until it is asked for', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/invest'));
    expect(await page.locator('section#contact').count()).toBe(0);
    await page.context().close();
  });

  it('sticky early access on /invest opens the early-access form, on a phone too', async () => {
    const page = await openPage(browser, PHONE);
    await page.context().route(
      (url) => url.href.startsWith(siteConfig.invest.earlyAccessFormUrl),
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Early access</title>' }),
    );
    await page.goto(siteUrl('/invest'));
    await page.evaluate(() => window.scrollTo(0, window.innerHeight * 2));
    const sticky = page.getByTestId('sticky-early-access').getByRole('link');
    await sticky.waitFor();
    const popup = page.context().waitForEvent('page');
    await sticky.tap();
    const opened = await popup;
    await opened.waitForLoadState('domcontentloaded');
    expect(opened.url()).toBe(siteConfig.invest.earlyAccessFormUrl);
    await page.context().close();
  });
});
