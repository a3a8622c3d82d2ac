/**
 * The release health page as a person uses it: two builds of mf-invest go out through the release API
 * (a release, a candidate promoted, then a rollback), visitors' reports arrive for both, and the page,
 * asked with the section's token, draws each version's line with the three moves marked; a wrong token
 * is told so; axe finds nothing to fix.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser } from './support/browser';
import { reportPageViews } from '../api/test/site-page-views';
import { releaseCli } from './support/release-cli';
import { REPO_ROOT, startSite, waitForVersion, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-releases-'));
const buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-health-builds-'));
let site: Site;
let browser: Browser;

const cli = releaseCli('mf-invest', () => ({ RELEASE_TOKEN: TOKEN, RELEASES_DIR: releasesDir, DATA_DIR: site.dataDir }));

/** A copy of the built mf-invest with a note of its own: another build, so another version. */
function buildCopy(note: string): string {
  const dir = path.join(buildsDir, note);
  fs.cpSync(path.join(REPO_ROOT, 'mf-invest', 'dist'), dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'build-note.txt'), note);
  return dir;
}

async function releaseApi(action: 'promote' | 'rollback', body: Record<string, string>): Promise<void> {
  const answer = await fetch(`${site.baseUrl}/api/releases/mf_invest/${action}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
}

/** `views` page views of /invest as served now (`version` of mf_invest), `withErrors` of them with errors. */
async function reportViews(version: string, inp: number, withErrors: number, views: number): Promise<void> {
  await waitForVersion(site.baseUrl, 'mf_invest', version);
  const metrics = { lcp: 1500, inp, cls: 0.02 };
  await reportPageViews(site.baseUrl, '/invest', withErrors, { metrics, errors: { mf_invest: 1 } });
  await reportPageViews(site.baseUrl, '/invest', views - withErrors, { metrics });
}

/** The page has no script, so it is ready once loaded (openPage would wait for the site's hydration mark). */
async function openHealthPage(): Promise<Page & { errors: string[] }> {
  const page = (await (await browser.newContext(DESKTOP)).newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  return page;
}

/** Opens the page, fills the form as a person does and sends it; waits for `answered` to show. */
async function askForHealth(page: Page, token: string, answered: 'results' | 'error'): Promise<void> {
  await page.goto(`${site.baseUrl}/releases/health`);
  await page.getByLabel('Section', { exact: true }).selectOption('mf_invest');
  await page.getByLabel('Release token of the section').fill(token);
  await page.getByRole('button', { name: 'Show health' }).click();
  await (
    answered === 'results' ? page.getByRole('heading', { level: 2, name: /Invest \(mf_invest\)/ }) : page.getByRole('alert')
  ).waitFor();
}

let first = '';
let second = '';

beforeAll(async () => {
  site = await startSite({
    RELEASES_DIR: releasesDir,
    RUM_ALLOW_HEADLESS: '1',
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
  });
  browser = await launchBrowser();
  const released = await cli('release', ['--from-dir', buildCopy('first'), '--to', site.baseUrl]);
  first = /Released mf_invest (\S+) on/.exec(released.stdout)?.[1] ?? '';
  expect(first).not.toBe('');
  const stored = await cli('release', ['--candidate', '--from-dir', buildCopy('second'), '--to', site.baseUrl]);
  second = /Stored candidate mf_invest (\S+) on/.exec(stored.stdout)?.[1] ?? '';
  expect(second).not.toBe('');
  await reportViews(first, 120, 0, 4);
  await releaseApi('promote', { version: second });
  await waitForVersion(site.baseUrl, 'mf_invest', second);
  await reportViews(second, 480, 2, 4);
  await releaseApi('rollback', {});
  await waitForVersion(site.baseUrl, 'mf_invest', first);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  fs.rmSync(releasesDir, { recursive: true, force: true });
  fs.rmSync(buildsDir, { recursive: true, force: true });
});

describe('the release health page', () => {
  it("draws both versions' lines with the release, the promotion and the rollback marked", async () => {
    const page = await openHealthPage();
    await askForHealth(page, TOKEN, 'results');
    const inp = page.getByRole('img', { name: 'p75 Interaction to Next Paint (INP) by version' });
    await expect(inp.isVisible()).resolves.toBe(true);
    const description = (await inp.getAttribute('aria-describedby')) ?? '';
    const said = await page.locator(`[id="${description}"]`).textContent();
    expect(said).toContain(`${first} (current): latest`);
    expect(said).toContain(`${second}: latest`);
    expect(said).toMatch(new RegExp(`release ${first} by RELEASE_TOKEN_MF_INVEST`));
    expect(said).toMatch(new RegExp(`promote ${second} by RELEASE_TOKEN_MF_INVEST`));
    expect(said).toMatch(new RegExp(`rollback to ${first} by RELEASE_TOKEN_MF_INVEST`));
    for (const version of [first, second]) {
      await expect(inp.locator(`[data-version="${version}"] circle`).count()).resolves.toBeGreaterThan(0);
    }
    for (const label of [`release ${first}`, `promote ${second}`, `rollback to ${first}`])
      await expect(inp.getByText(label, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('img', { name: 'Errors per 100 page views by version' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('list', { name: 'Versions' }).getByText(`${first} (current)`).isVisible()).resolves.toBe(true);
    expect(page.errors).toEqual([]);

    const results = await new AxeBuilder({ page: page as never })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.context().close();
  });

  it('says clearly that a wrong token is wrong, and shows no figures', async () => {
    const page = await openHealthPage();
    await askForHealth(page, 'not-the-token', 'error');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/That token is not the release token of mf_invest/);
    await expect(page.getByRole('img').count()).resolves.toBe(0);
    await expect(page.getByLabel('Release token of the section').getAttribute('aria-invalid')).resolves.toBe('true');
    const results = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await page.context().close();
  });
});
