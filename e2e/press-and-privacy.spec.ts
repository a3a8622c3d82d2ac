/**
 * Pages that promise something must deliver it: the Press page's media inquiries reach a person,
 * and the privacy policy describes only what the site really does.
 */
import type { Browser } from 'playwright-core';
import { siteConfig } from '@cardlift/contracts';
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

describe('Privacy policy', () => {
  it('describes the site as it is: no cookies, no analytics, and the attribution sent with the form', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/privacy'));
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    // Neither exists: there is no banner to dismiss and no analytics on the site.
    expect(text).not.toMatch(/dismissed a banner/i);
    expect(text).not.toMatch(/we may also use analytics/i);
    expect(text).toContain('Our websites use no analytics or advertising tools. They set cookies only while we try out');
    expect(text).toMatch(/cardlift_canary: a random value .* cardlift_side: .* strictly necessary .* expire after 30 days/);
    expect(text).toMatch(/session storage.*deleted when you close the tab/i);
    expect(text).toMatch(/only if you send the Talk to Sales form/i);
    // What the policy says is what the browser does: no cookie after a visit with a campaign.
    await page.goto(siteUrl('/privacy?utm_source=x'));
    expect(await page.context().cookies()).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await page.context().close();
  });
});
