/**
 * The contact form before and without its code: with JavaScript off a visitor sends a lead (the page
 * thanks them, the lead is in the export with the campaign it came from) or is shown every message;
 * with slow scripts, what was typed before the code arrived is kept by hydration and sent.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, siteUrl } from './support/browser';
import { contactForm, fillNativeContactForm, THANKS, type ContactEntries } from './support/contact-form';
import { exportedLeads } from './support/leads';
import { INTERACTIVE_ATTRIBUTE } from '../shell/src/layout/mark-interactive';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const entries = (email: string): ContactEntries => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  jobTitle: 'CMO',
  company: 'Analytical Engines',
  help: 'Data & Insights',
});

/** The text a control's aria-describedby points at (its error message). */
const describedBy = (control: Locator) =>
  control.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent ?? null);

async function pageWithoutScript(): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  return context.newPage();
}

describe('the contact form without JavaScript', () => {
  it('sends a lead from a campaign landing: the page thanks the visitor and sales get the lead with its campaign', async () => {
    const page = await pageWithoutScript();
    const email = `no-script-${Date.now()}@example.com`;
    await page.goto(siteUrl('/products/card-linked-offers?utm_source=mail&utm_campaign=spring'), { referer: 'https://news.example/' });
    const form = contactForm(page);
    await fillNativeContactForm(form, entries(email));
    await form.getByRole('checkbox', { name: /product updates/i }).check();
    await Promise.all([page.waitForURL(/\?contact=sent#contact$/), form.getByRole('button', { name: 'Submit' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/products/card-linked-offers');
    await page.locator('section#contact').getByText(THANKS).waitFor();

    const lead = exportedLeads().find((row) => row.email === email);
    expect(lead).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'CMO',
      company: 'Analytical Engines',
      businessHelp: 'data-insights',
      agreeToUpdates: true,
      attribution: {
        utmSource: 'mail',
        utmCampaign: 'spring',
        referrer: 'https://news.example/',
        landingPage: '/products/card-linked-offers',
      },
    });
    await page.context().close();
  });

  it('answers an empty form with the six messages beside their fields, stores nothing, and keeps what was typed', async () => {
    const page = await pageWithoutScript();
    const before = exportedLeads().length;
    await page.goto(siteUrl('/'));
    const form = contactForm(page);
    await form.getByLabel('Job title').fill('CMO');
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(answer.status()).toBe(422);
    await page.waitForLoadState('domcontentloaded');
    for (const [label, message] of [
      ['First name', 'First name is required'],
      ['Last name', 'Last name is required'],
      ['Work email', 'Please enter a valid email address'],
      ['Company', 'Company name is required'],
      ['How can we help?', 'Please tell us how we can help'],
    ] as const) {
      expect(await describedBy(contactForm(page).getByLabel(label))).toBe(message);
    }
    expect(await contactForm(page).getByLabel('Job title').inputValue()).toBe('CMO');
    // With CMO typed, five are wrong; an empty form shows the sixth too.
    await contactForm(page).getByLabel('Job title').fill('');
    await contactForm(page).getByRole('button', { name: 'Submit' }).click();
    await page.waitForLoadState('domcontentloaded');
    await contactForm(page).getByText('Job title is required').waitFor();
    expect(await contactForm(page).locator('[aria-invalid="true"]').count()).toBe(6);
    // The first field to fix has focus, so typing goes straight into it.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('firstName');
    expect(exportedLeads()).toHaveLength(before);
    await page.context().close();
  });
});

describe('the contact form while its code is on its way', () => {
  it('keeps what was typed and chosen before hydration, and the lead carries it', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Every script of the page arrives 2.5 s after it is asked for.
    await page.route(/\/assets\/.*\.js(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    const email = `early-${Date.now()}@example.com`;
    await page.goto(siteUrl('/solutions/retail'), { waitUntil: 'domcontentloaded' });
    const form = contactForm(page);
    await form.scrollIntoViewIfNeeded();
    await fillNativeContactForm(form, entries(email));
    expect(await page.locator(`html[${INTERACTIVE_ATTRIBUTE}]`).count()).toBe(0);

    // Hydrated: the styled select has replaced the browser's one and shows the choice made before.
    const help = form.locator('button[role="combobox"]');
    await help.waitFor({ timeout: 20_000 });
    expect(await help.textContent()).toContain('Data & Insights');
    expect(await form.getByLabel('First name').inputValue()).toBe('Ada');
    expect(await form.getByLabel('Work email').inputValue()).toBe(email);

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Submit' }).click();
    expect((await answer).status()).toBe(201);
    const lead = exportedLeads().find((row) => row.email === email);
    expect(lead).toMatchObject({ firstName: 'Ada', company: 'Analytical Engines', businessHelp: 'data-insights' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("drops a refused post's message for a field corrected before the code arrived, and keeps the others", async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.route(/\/assets\/.*\.js(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    await page.goto(siteUrl('/'), { waitUntil: 'domcontentloaded' });
    // Pressed before the code came: the browser posts the empty form and the api answers with every message.
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      contactForm(page).getByRole('button', { name: 'Submit' }).click(),
    ]);
    expect(answer.status()).toBe(422);
    await page.waitForLoadState('domcontentloaded');
    const form = contactForm(page);
    await form.getByLabel('First name').fill('Ada');
    expect(await page.locator(`html[${INTERACTIVE_ATTRIBUTE}]`).count()).toBe(0);

    await form.locator('button[role="combobox"]').waitFor({ timeout: 20_000 });
    await page.locator(`html[${INTERACTIVE_ATTRIBUTE}]`).waitFor({ state: 'attached' });
    const firstName = form.getByLabel('First name');
    await page.waitForFunction(() => !document.querySelector('input[name="firstName"][aria-invalid="true"]'), undefined, { timeout: 2000 });
    expect([await firstName.inputValue(), await describedBy(firstName)]).toEqual(['Ada', null]);
    expect(await describedBy(form.getByLabel('Last name'))).toBe('Last name is required');
    await context.close();
  });
});
