/**
 * Pages that promise something must deliver it: the Press page's media inquiries reach a person,
 * and the privacy policy describes only what the site really does.
 */
import type { Browser } from 'playwright-core';
import { siteConfig } from '../api/src/contracts/site-config';
import { launchBrowser, openPage, siteUrl } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('Press', () => {
  it('gives journalists the press address under Media inquiries', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/company/press'));
    const card = page.locator('li').filter({ has: page.getByRole('heading', { name: 'Media inquiries' }) });
    const link = card.getByRole('link', { name: siteConfig.pressEmail });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^mailto:${siteConfig.pressEmail.replace('.', '\\.')}(\\?|$)`));
    await page.context().close();
  });
});
