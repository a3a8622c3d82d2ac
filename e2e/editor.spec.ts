/**
 * The content editor in Chromium, signed in as a person would be: an account made with the editors
 * command, its password chosen from the one-time link, then signed in. WCAG 2.2 AA (axe) on the
 * sign-in page, a list and an item's form, with nothing the editor's strict CSP refuses.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { runCommand } from './support/release-cli';
import { startSite, type Site } from './support/site';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const EMAIL = 'ana.publisher@cardlift.example';
const PASSWORD = 'a long enough passphrase';

let site: Site;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  page = await (await browser.newContext({ ...DESKTOP, reducedMotion: 'reduce' })).newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // A CSP refusal is reported on the console: the editor must need nothing its policy forbids.
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function violations(name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page: page as never }).withTags(TAGS).analyze();
  return results.violations.map((v) => `${name} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

it('creates an account, sets its password from the one-time link, and signs in', async () => {
  const added = await runCommand('npm', ['run', 'editors', '--silent', '--', 'add', EMAIL, '--role', 'publisher'], {
    DATA_DIR: site.dataDir,
    SITE_URL: site.baseUrl,
  });
  expect(added.code).toBe(0);
  const link = /https?:\/\/\S+\/editor\/set-password#token=[\w-]+/.exec(added.stdout)?.[0];
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByLabel('New password').fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Your password is set.').waitFor();

  await page.goto(`${site.baseUrl}/editor`);
  await page.getByRole('heading', { name: 'Sign in to the content editor' }).waitFor();
  expect(await violations('sign-in')).toEqual([]);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Blog posts' }).waitFor();
});

it('has no WCAG 2.2 AA violations on the lists', async () => {
  await page.getByRole('region', { name: 'Blog posts' }).getByRole('link').nth(1).waitFor();
  expect(await violations('lists')).toEqual([]);
});

it("has no WCAG 2.2 AA violations on an item's form, nor with its errors shown", async () => {
  await page.getByRole('region', { name: 'Blog posts' }).getByRole('link').nth(1).click();
  await page.getByRole('button', { name: 'Save draft' }).waitFor();
  await page.getByRole('heading', { name: 'Revisions' }).waitFor();
  expect(await violations('form')).toEqual([]);
  await page
    .getByLabel(/^Title/)
    .first()
    .fill('');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await page.getByRole('alert', { name: 'The item was not saved' }).waitFor();
  expect(await violations('form with errors')).toEqual([]);
  expect(problems).toEqual([]);
});
