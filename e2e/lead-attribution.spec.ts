/**
 * Lead attribution end to end: a visit that lands on `/?utm_source=x&utm_campaign=y` from another
 * site, moves on inside the site and sends the Talk to Sales form; the lead exports (CSV and JSON)
 * with where the visit came from. No cookie is set for it.
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, siteUrl } from './support/browser';
import { fillContactForm } from './support/contact-form';
import { exportLeads } from './support/leads';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function sendForm(page: Page, email: string): Promise<void> {
  await page.locator('header').getByRole('link', { name: 'Talk to Sales' }).click();
  const form = page.locator('section#contact').getByRole('form', { name: 'Talk to Sales' });
  await fillContactForm(page, form, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email,
    jobTitle: 'CMO',
    company: 'Analytical Engines',
    help: 'Other',
  });
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Submit' }).click();
  expect((await answer).status()).toBe(201);
}

describe('lead attribution', () => {
  it('exports a lead with the UTM parameters, referrer and landing page of its visit', async () => {
    const page = await openPage(browser);
    const email = `utm-${Date.now()}@example.com`;
    await page.goto(siteUrl('/?utm_source=x&utm_campaign=y'), { referer: 'https://news.example/story' });
    // Later pages of the visit keep what the first one recorded.
    await page
      .locator('main')
      .getByRole('link', { name: /learn more/i })
      .first()
      .click();
    await page.waitForURL(/\/products\/card-linked-offers$/);
    await sendForm(page, email);

    const rows = JSON.parse(exportLeads('json')) as { email: string; attribution: Record<string, string> }[];
    expect(rows.find((row) => row.email === email)?.attribution).toEqual({
      utmSource: 'x',
      utmCampaign: 'y',
      referrer: 'https://news.example/story',
      landingPage: '/',
    });
    const [header = '', ...lines] = exportLeads('csv').split('\r\n');
    const columns = header.split(',');
    const cells = lines.find((line) => line.includes(email))?.split(',') ?? [];
    const cell = (name: string) => cells[columns.indexOf(name)];
    expect([cell('utmSource'), cell('utmCampaign'), cell('landingPage')]).toEqual(['x', 'y', '/']);

    expect(await page.context().cookies()).toEqual([]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('starts afresh with a new visit', async () => {
    const page = await openPage(browser);
    await page.goto(siteUrl('/?utm_source=first'));
    await page.context().close();
    const next = await openPage(browser);
    await next.goto(siteUrl('/blog'));
    expect(await next.evaluate(() => sessionStorage.getItem('cardlift:visit-attribution'))).toBe('{"landingPage":"/blog"}');
    await next.context().close();
  });
});
