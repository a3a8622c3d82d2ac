/**
 * For the version-skew suites: what a visitor's tab noticed (page errors, console errors, failed
 * requests, failure panels), and builds of a section that differ from the checkout's in one visible way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { REMOTE_PACKAGES } from '@cardlift/contracts';
import { REPO_ROOT } from './site';

export interface TabTrouble {
  pageErrors: string[];
  consoleErrors: string[];
  failedRequests: string[];
}

/** Starts noting everything that went wrong in `page` (a request answered 400 or more counts as failed). */
export function watchTab(page: Page): TabTrouble {
  const trouble: TabTrouble = { pageErrors: [], consoleErrors: [], failedRequests: [] };
  page.on('pageerror', (error) => trouble.pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') trouble.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('requestfailed', (request) => {
    // A preload or beacon the browser dropped as the page went away is not the site failing.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED')
      trouble.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) trouble.failedRequests.push(`${response.status()} ${response.url()}`);
  });
  return trouble;
}

/** The section failure panels on screen ("This section is temporarily unavailable"). */
export const errorPanels = (page: Page) => page.locator('[data-remote-failure]').count();

/**
 * A copy of mf-company's built `dist` whose Careers link in the menus reads `label`: a release that
 * renames a menu link (the menus come from the server build's page table), made without a build.
 */
export function companyBuildWithCareersLabel(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-company-renamed-'));
  fs.cpSync(path.join(REPO_ROOT, 'mf-company', 'dist'), dir, { recursive: true });
  const bundle = path.join(dir, 'server', 'index.js');
  const source = fs.readFileSync(bundle, 'utf8');
  const renamed = source.replace(/label: 'Careers',(\s+description: 'Open roles on our team')/, `label: ${JSON.stringify(label)},$1`);
  if (renamed === source) throw new Error("mf-company's server build no longer lists Careers as expected: update this fixture");
  fs.writeFileSync(bundle, renamed);
  return dir;
}

/**
 * A copy of the checkout's builds (the shell's and every section's `dist`) in a scratch folder, to
 * serve with SITE_ROOT: a deploy can then change them without touching the checkout other suites use.
 */
export function copyOfBuiltSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-deployed-'));
  for (const pkg of ['shell', ...REMOTE_PACKAGES]) {
    fs.cpSync(path.join(REPO_ROOT, pkg, 'dist'), path.join(root, pkg, 'dist'), { recursive: true });
  }
  return root;
}

/** Replaces `from` with `to` in a built file, and its precompressed twins with the new bytes. */
export function rewriteBuiltFile(file: string, from: string, to: string): void {
  const source = fs.readFileSync(file, 'utf8');
  if (!source.includes(from)) throw new Error(`${path.basename(file)} no longer holds "${from}": update this fixture`);
  const changed = Buffer.from(source.split(from).join(to));
  fs.writeFileSync(file, changed);
  if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(changed));
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(changed));
}

/** A client-side navigation, as a link inside the site makes one: the shell's router follows the history. */
export async function navigateInTab(page: Page, pathname: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
  await page.waitForFunction((to) => window.location.pathname === to && Boolean(document.querySelector('main h1')), pathname, {
    timeout: 20_000,
  });
}
