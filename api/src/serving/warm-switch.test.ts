/**
 * A promoted release is warmed before it is served: a real server keeps serving the previous build
 * of a section until the new one's pages have been rendered once, then serves the body rendered
 * then; a rollback switches at once, even while a newer build is still warming. The fixture shell's
 * render of the builds marked `second` and `third` waits for a gate file (only for a visitor's
 * render, which carries the menus: a release's own check renders without them), so the test holds
 * the warm where it wants it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeReleasableSite, writeShellServerBuild } from '../../test/fixture-builds';
import { gzip, tarOf, validBuildFiles } from '../../test/release-bombs';
import { startServer, type ServerProcess } from '../../test/server-process';
import { shellManifest } from '../releases/test-fixtures';

jest.setTimeout(120_000);
const TOKEN = 'invest-token';
const GATED = ['second', 'third'];

const GATED_RENDER = `exports.renderApp = async (input) => {
  const fs = require('node:fs');
  const section = input.remotes.mf_invest;
  const marker = (section && section.marker) || 'checkout';
  if (input.navigation && ${JSON.stringify(GATED)}.includes(marker))
    while (!fs.existsSync(require('node:path').join(__dirname, 'gate-open'))) await new Promise((r) => setTimeout(r, 20));
  return '<main><h1>Rendered ' + marker + '</h1></main>';
};`;

/** A release of mf_invest whose route module names `marker` (the shell's render prints it). */
const build = (marker: string) =>
  gzip(
    tarOf([
      ...validBuildFiles(marker),
      {
        path: 'server/index.js',
        body: `exports.pageTable = { pages: [{ path: '/invest', title: 'Invest', description: 'The round.' }], dynamic: [], sitemap: false };
exports.loadRoutes = async () => ({ marker: ${JSON.stringify(marker)} });`,
      },
    ]),
  );

let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited();
});

const call = (route: string, init: RequestInit = {}) =>
  fetch(`${server!.url}${route}`, { ...init, headers: { Authorization: `Bearer ${TOKEN}`, ...(init.headers as Record<string, string>) } });

async function release(marker: string): Promise<string> {
  const answer = await call('/api/releases/mf_invest', {
    method: 'POST',
    headers: { 'Content-Type': 'application/gzip' },
    body: new Uint8Array(build(marker)),
  });
  expect([marker, answer.status]).toEqual([marker, 201]);
  return ((await answer.json()) as { version: string }).version;
}

const heading = async () => /<h1>Rendered (\w+)<\/h1>/.exec(await (await fetch(`${server!.url}/invest`)).text())?.[1];

async function until(what: string, read: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${server?.output() ?? ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const logged = (message: string, version: string) =>
  server!.waitForOutput(new RegExp(`"version":"${version.replace(/\./g, '\\.')}".*"msg":"${message}"`));

it('serves the previous build until a promoted one is rendered once, then its warm render; a rollback switches at once', async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-warm-switch-'));
  const site = writeReleasableSite(shellManifest);
  writeShellServerBuild(site, GATED_RENDER);
  const gate = path.join(site, 'shell', 'dist', 'server', 'gate-open');
  server = await startServer({
    SITE_ROOT: site,
    DATA_DIR: path.join(work, 'data'),
    RELEASES_DIR: path.join(work, 'releases'),
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    LOG_LEVEL: 'info',
  });
  const first = await release('first');
  await until('the first release served', async () => (await heading()) === 'first', 20_000);

  // Promoted while its render is held at the gate: the instance warms it and keeps serving the first.
  const second = await release('second');
  await logged('warming a new build before serving it', second);
  expect(await heading()).toBe('first');
  fs.writeFileSync(gate, '');
  await logged('new build warmed: serving it', second);
  // With the gate shut again a new render would give nothing: the page is the warm-up's render.
  fs.rmSync(gate);
  expect(await heading()).toBe('second');

  // A rollback while a newer release is still held at the gate: served at once, never the held one.
  const third = await release('third');
  await logged('warming a new build before serving it', third);
  expect(await heading()).toBe('second');
  const rollback = await call('/api/releases/mf_invest/rollback', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ to: first }),
  });
  expect(rollback.status).toBe(200);
  // Well within the warm's limit (20 s), which a rollback held behind the warm would wait for.
  await until('the rollback served', async () => (await heading()) === 'first', 10_000);
  expect(fs.existsSync(gate)).toBe(false);
});
