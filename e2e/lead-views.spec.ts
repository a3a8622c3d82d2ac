/**
 * A lead counts for the builds its visitor saw: the contact form names the page view it was sent
 * from, with script (the view token, or the page's own token before the view token came) and without
 * (the page token the server HTML carries beside the form), and the api files the stored lead under
 * that view's section and version, which the canary guard counts per side. Read back from the lead
 * store of a site of this spec's own (which keeps headless visits).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { CONTACT_PAGE_HEADER, CONTACT_VIEW_HEADER, RUM_VIEW_PATH, type RemoteEntry } from '@cardlift/contracts';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { contactForm, fillContactForm, fillNativeContactForm, THANKS, type ContactEntries } from './support/contact-form';
import { startSite, type Site } from './support/site';
import { viewTokenTraded } from './support/view-token';

const PAGE = '/products/card-linked-offers';
let browser: Browser;
let site: Site;
beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSite({ CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '', RUM_ALLOW_HEADLESS: '1' });
});
afterAll(async () => {
  await browser.close();
  await site.stop();
});

const entries = (email: string): ContactEntries => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  jobTitle: 'CMO',
  company: 'Analytical Engines',
  help: 'Data & Insights',
});

/** The section and version the stored lead of `email` is counted for (undefined: stored, counted for none). */
function countedFor(email: string): { section: string; version: string } | undefined {
  const db = new Database(path.join(site.dataDir, 'leads.sqlite'), { readonly: true });
  try {
    const lead = db.prepare('SELECT id FROM leads WHERE email = ?').get(email) as { id: string } | undefined;
    if (!lead) throw new Error(`no lead of ${email} stored`);
    return db.prepare("SELECT section, version FROM lead_views WHERE lead_id = ? AND outcome = 'stored'").get(lead.id) as
      { section: string; version: string } | undefined;
  } finally {
    db.close();
  }
}

/** The page's section, as its boot data names it, and that section's served version. */
async function pageBuild(): Promise<{ section: string; version: string }> {
  const html = await (await fetch(`${site.baseUrl}${PAGE}`)).text();
  const section = /"rum":\{"route":"[^"]*","section":"([^"]+)"/.exec(html)?.[1];
  const served = (await (await fetch(`${site.baseUrl}/api/remotes`)).json()) as RemoteEntry[];
  return { section: section!, version: served.find((entry) => entry.name === section)!.version };
}

/** Sends the hydrated form: what of its request names the page view (headers, see CONTACT_VIEW_HEADER). */
async function sendWithScript(page: Page, email: string): Promise<{ view?: string; page?: string }> {
  const form = contactForm(page);
  await fillContactForm(page, form, entries(email));
  const sent = page.waitForResponse((response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Submit' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  await page.getByText(THANKS).first().waitFor();
  const headers = await response.request().allHeaders();
  const view = headers[CONTACT_VIEW_HEADER.toLowerCase()];
  const pageField = headers[CONTACT_PAGE_HEADER.toLowerCase()];
  return { ...(view ? { view } : {}), ...(pageField ? { page: pageField } : {}) };
}

describe('a lead is counted for the builds of the page view it was sent from', () => {
  it('with script, once the page has its view token', async () => {
    const page = await openPage(browser, DESKTOP);
    const traded = viewTokenTraded(page);
    await page.goto(`${site.baseUrl}${PAGE}`);
    expect((await traded).status()).toBe(200);
    const email = `view-token-${Date.now()}@example.com`;
    expect(Object.keys(await sendWithScript(page, email))).toEqual(['view']);
    expect(countedFor(email)).toEqual(await pageBuild());
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('with script, sent before the page had its view token (the page token goes instead)', async () => {
    const page = await openPage(browser, DESKTOP);
    // The trade never answers: the visitor is faster than the page's measuring.
    await page.route(`**${RUM_VIEW_PATH}`, () => undefined);
    await page.goto(`${site.baseUrl}${PAGE}`);
    const email = `fast-${Date.now()}@example.com`;
    expect(Object.keys(await sendWithScript(page, email))).toEqual(['page']);
    expect(countedFor(email)).toEqual(await pageBuild());
    await page.context().close();
  });

  it('without script, from the page token its HTML carries beside the form', async () => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.baseUrl}${PAGE}`);
    const form = contactForm(page);
    const email = `no-script-${Date.now()}@example.com`;
    await fillNativeContactForm(form, entries(email));
    await Promise.all([page.waitForURL(/\?contact=sent#contact$/), form.getByRole('button', { name: 'Submit' }).click()]);
    await page.locator('section#contact').getByText(THANKS).waitFor();
    expect(countedFor(email)).toEqual(await pageBuild());
    await context.close();
  });
});
