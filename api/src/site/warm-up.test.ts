/**
 * Ready means warm: a fresh server answers /api/ready 503 (`warming`, and /api/health says so) until
 * it has rendered its static pages once, then 200, and its first visitor gets the page rendered then.
 * The fixture shell's render waits for a gate file, so the test holds the warm-up where it wants it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFixtureSite, writeShellServerBuild } from '../../test/fixture-builds';
import { freePort, spawnServer, type ServerProcess } from '../../test/server-process';

// Renderers may read the builds: the gate sits beside the shell's server bundle.
const GATED_RENDER = `exports.renderApp = async () => {
  const fs = require('node:fs');
  while (!fs.existsSync(require('node:path').join(__dirname, 'gate-open'))) await new Promise((r) => setTimeout(r, 20));
  return '<main><h1>Rendered while warming</h1></main>';
};`;

let server: ServerProcess | undefined;
afterEach(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited();
});

async function answerOf(url: string): Promise<{ status: number; body: Record<string, unknown> } | undefined> {
  try {
    const answer = await fetch(url);
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  } catch {
    return undefined; // not listening yet
  }
}

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${server?.output() ?? ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('warm-up', () => {
  it('answers ready 503 (warming) until its pages are rendered once, then 200, and serves what it rendered', async () => {
    const site = writeFixtureSite();
    writeShellServerBuild(site, GATED_RENDER);
    const gate = path.join(site, 'shell', 'dist', 'server', 'gate-open');
    server = spawnServer({ SITE_ROOT: site }, await freePort());
    const ready = `${server.url}/api/ready`;
    // Listening, its renders held at the gate: not ready, and health says why.
    const first = await until('an answer from /api/ready', () => answerOf(ready));
    expect(first).toEqual({ status: 503, body: expect.objectContaining({ code: 'warming' }) });
    expect(await answerOf(`${server.url}/api/health`)).toEqual({ status: 200, body: expect.objectContaining({ status: 'warming' }) });
    expect((await answerOf(ready))?.status).toBe(503);
    fs.writeFileSync(gate, '');
    await until('ready 200', async () => ((await answerOf(ready))?.status === 200 ? true : undefined));
    expect(await answerOf(`${server.url}/api/health`)).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) });
    // With the gate shut again a new render would give nothing (the browser would draw the page):
    // the page comes from the warm-up's render.
    fs.rmSync(gate);
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toContain('<main><h1>Rendered while warming</h1></main>');
  }, 60_000);
});
