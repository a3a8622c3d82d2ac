/**
 * People of the editor for the browser suite: an account made with the editors command on the
 * site's database, its password set through the one-time link's route, then signed in through the
 * sign-in screen in a browser context of its own (its own cookies, as a second person's browser).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DESKTOP } from './browser';
import { runCommand } from './release-cli';
import type { Site } from './site';

export const EDITOR_PASSWORD = 'a long enough passphrase for tests';

export async function addPerson(site: Site, email: string, role: 'editor' | 'publisher', env: Record<string, string> = {}): Promise<void> {
  const added = await runCommand('npm', ['run', 'editors', '--silent', '--', 'add', email, '--role', role], {
    ...env,
    DATA_DIR: site.dataDir,
    SITE_URL: site.baseUrl,
  });
  if (added.code !== 0) throw new Error(`editors add ${email} failed: ${added.stderr}`);
  const token = /#token=([\w-]+)/.exec(added.stdout)![1]!;
  const set = await fetch(`${site.baseUrl}/api/editor/password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token, password: EDITOR_PASSWORD }),
  });
  if (set.status !== 204) throw new Error(`setting the password of ${email} failed: ${set.status}`);
}

/** A browser context of its own, signed in as `email` through the sign-in screen. */
export async function signedInPage(browser: Browser, site: Site, email: string, options: BrowserContextOptions = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce', ...options });
  const page = await context.newPage();
  await page.goto(`${site.baseUrl}/editor`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(EDITOR_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Blog posts' }).waitFor();
  return page;
}

/** The control of a form field, by its path (`content.sections.0.title`), as the form names it. */
export const field = (page: Page, fieldPath: string): Locator => page.locator(`#field-${fieldPath.replace(/[^A-Za-z0-9_-]+/g, '-')}`);

/** The outcome shown beside the item's buttons (not the live region, which is out of sight). */
export const outcome = (page: Page): Locator => page.locator('[data-outcome]');

/** Waits until `locator` is visible and says so: the check Playwright's toBeVisible makes. */
export async function expectVisible(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
  if (!(await locator.isVisible())) throw new Error(`${String(locator)} is not visible`);
}

/** A 1200x630 PNG drawn by the browser itself, as a camera or a design tool would give it. */
export async function drawnPng(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    Object.assign(canvas, { width: 1200, height: 630 });
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#5A012B';
    context.fillRect(0, 0, 1200, 630);
    return canvas.toDataURL('image/png').split(',')[1]!;
  });
  return Buffer.from(data, 'base64');
}

/** Where the outcome photographs go (EDITOR_SHOTS_DIR), for a person to review; none when unset. */
export const SHOTS = process.env.EDITOR_SHOTS_DIR;

/** Photographs `what` (scrolled into view) at 1366 and 390 px wide, when EDITOR_SHOTS_DIR asks for it. */
export async function shot(page: Page, name: string, what: Locator = outcome(page)): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await what.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`) });
  }
  if (before) await page.setViewportSize(before);
}
