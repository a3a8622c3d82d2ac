/**
 * Sections take the federation bundler runtime from the shell (shell/build/lent-bundler-runtime.ts),
 * and still work in a shell that lends none (one built before the lending): then each loads its own.
 */
import type { Browser } from 'playwright-core';
import { LENT_BUNDLER_RUNTIME } from '@cardlift/shell/build/lent-bundler-runtime';
import { openPage, launchBrowser, siteUrl } from './support/browser';

const OWN_RUNTIME = /\/remotes\/[^/]+\/[^/]+\/assets\/federation-bundler-runtime\.[^/]+\.js$/;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function visitHomeThenCaseStudies(lends: boolean) {
  const page = await openPage(browser);
  if (!lends) {
    // A shell that lends nothing: the global stays empty whatever the shell writes to it.
    await page.addInitScript(
      (name) => Object.defineProperty(globalThis, name, { get: () => undefined, set: () => {} }),
      LENT_BUNDLER_RUNTIME,
    );
  }
  const ownRuntime: string[] = [];
  page.on('request', (r) => {
    if (OWN_RUNTIME.test(new URL(r.url()).pathname)) ownRuntime.push(r.url());
  });
  await page.goto(siteUrl('/'));
  await page.getByRole('heading', { level: 1, name: /card-linked offers/i }).waitFor();
  // Into another section on the client: its container and shared modules load through the runtime.
  await page.getByRole('link', { name: 'View all case studies' }).click();
  await page.getByRole('heading', { level: 1, name: /case studies/i }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/case-studies');
  const errors = page.errors;
  await page.context().close();
  return { ownRuntime, errors };
}

it('loads no bundler runtime of a section when the shell lends its own', async () => {
  const { ownRuntime, errors } = await visitHomeThenCaseStudies(true);
  expect(ownRuntime).toEqual([]);
  expect(errors).toEqual([]);
});

it('loads and navigates between sections in a shell that lends no bundler runtime', async () => {
  const { ownRuntime, errors } = await visitHomeThenCaseStudies(false);
  // Each section (home, then case studies) loads its own copy.
  expect(ownRuntime.length).toBe(2);
  expect(errors).toEqual([]);
});
