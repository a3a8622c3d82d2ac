/**
 * The section generator end to end, so its template cannot rot: in a copy of the repository, one
 * `npm run new-section` and then `npm start` (which builds the new section and the shell) serve the
 * new page server-rendered, listed in the header, the footer and the sitemap; the copy passes lint,
 * Prettier, knip and the typecheck; and the section releases with its own token. The copy takes the
 * checkout's other builds, so only what the command changed is built again.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { REMOTES } from '@cardlift/contracts';
import { freePort, waitForReady } from '../api/test/server-process';
import { copyRepo, removeCopy, REPO_ROOT } from '../scripts/new-section/repo-copy';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { waitForVersion } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const built = ['shell', ...REMOTES.map((r) => r.packageDir)].filter((pkg) => fs.existsSync(path.join(REPO_ROOT, pkg, 'dist')));

let copy: string;
let site: ChildProcess;
let baseUrl: string;
let browser: Browser;

/** Runs a command in the copy to its end; its output is kept for the failure message. */
function inCopy(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, ...env } });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

beforeAll(async () => {
  copy = copyRepo({ builds: built });
  const generated = inCopy('npm', ['run', '--silent', 'new-section', '--', 'partners', '--paths', '/partners,/partners/*']);
  expect(generated).toMatchObject({ status: 0 });
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // `npm start` itself (builds, then the api), in a process group of its own so the server ends with it.
  site = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: copy,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(copy, 'data'),
      RELEASE_TOKEN_MF_PARTNERS: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    },
  });
  await waitForReady(`${baseUrl}/api/remotes`, site, 120_000);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (site?.pid && site.exitCode === null) {
    const ended = new Promise((resolve) => site.once('exit', resolve));
    process.kill(-site.pid, 'SIGTERM');
    await ended;
  }
  if (copy) removeCopy(copy);
});

describe('a section made by npm run new-section', () => {
  it('is served rendered on the server, in the sitemap, with its own not-found page', async () => {
    const page = await fetch(`${baseUrl}/partners`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1[^>]*>Partners<\/h1>/);
    expect(html).toContain('<title>Partners | Cardlift</title>');
    expect(await (await fetch(`${baseUrl}/sitemap.xml`)).text()).toContain('/partners</loc>');
    expect((await fetch(`${baseUrl}/partners/no-such-page`)).status).toBe(404);
  });

  it('is listed in the header and the footer, and the header link opens it', async () => {
    const page = await openPage(browser, DESKTOP);
    await page.goto(`${baseUrl}/company/about-us`);
    const header = page.getByTestId('site-header');
    await header.getByRole('button', { name: 'Company' }).click();
    const link = header.getByRole('link', { name: /Partners/ });
    expect(await link.getAttribute('href')).toBe('/partners');
    const footer = page.getByRole('navigation', { name: 'Company links' });
    expect(await footer.getByRole('link', { name: 'Partners' }).getAttribute('href')).toBe('/partners');
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Partners' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/partners');
    await page.getByRole('link', { name: 'Talk to Sales' }).first().waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('releases to the running site with its own token', async () => {
    const released = inCopy('npm', ['run', '--silent', 'release', '-w', 'mf-partners', '--', '--to', baseUrl], { RELEASE_TOKEN: TOKEN });
    expect(released).toMatchObject({ status: 0 });
    const version = /Released mf_partners (\S+) on/.exec(released.output)?.[1];
    expect(version).toMatch(/^1\.0\.0-/);
    await waitForVersion(baseUrl, 'mf_partners', version as string, 5_000);
    expect((await fetch(`${baseUrl}/partners`)).status).toBe(200);
  });

  // Last: a minute with no request would outlast the api's keep-alive (65 s), and fetch would reuse a closed socket.
  it('passes lint, Prettier, knip, the typecheck and its own tests as generated', () => {
    for (const [command, args] of [
      ['npx', ['eslint', 'mf-partners', 'contracts/src/remotes.ts']],
      ['npx', ['prettier', '--check', 'mf-partners', 'contracts/src/remotes.ts']],
      ['npx', ['knip']],
      ['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
      ['npx', ['jest', '--selectProjects', 'mf-partners']],
    ] as const) {
      const result = inCopy(command, [...args]);
      // The output only when it failed, so a failure says why.
      const said = `${command} ${args.join(' ')}`;
      expect({ said, status: result.status, output: result.status === 0 ? '' : result.output }).toEqual({ said, status: 0, output: '' });
    }
    // The typecheck of the whole copy is most of it: about a minute on two busy cores.
  }, 180_000);
});
