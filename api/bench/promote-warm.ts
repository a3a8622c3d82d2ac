/**
 * The first page after a promote: a server is sent a release of mf_invest, then a second one whose
 * server code costs `COLD_MS` of CPU to load in each renderer (as a real section's bundle costs its
 * compile), while /invest is requested every 20 ms; printed is how long the first answer showing the
 * second release took, beside the median answer before it (warm). Given another checkout (with its
 * node_modules, e.g. a copy of main), its server is measured in turn with this one's: median of 3.
 *   npm run bench:promote-warm -w @cardlift/api -- [baseline-checkout]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeReleasableSite, writeShellServerBuild } from '../test/fixture-builds';
import { gzip, tarOf, validBuildFiles } from '../test/release-bombs';
import { freePort, spawnServer, waitForReady } from '../test/server-process';
import { shellManifest } from '../src/releases/test-fixtures';

const HERE = path.resolve(__dirname, '..', '..');
const COLD_MS = 1500;
const TOKEN = 'bench-token';
const SAMPLES = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const RENDER = `exports.renderApp = async (input) => '<main><h1>Rendered ' + ((input.remotes.mf_invest || {}).marker || 'checkout') + '</h1></main>';`;

const build = (marker: string, coldMs: number) =>
  gzip(
    tarOf([
      ...validBuildFiles(marker),
      {
        path: 'server/index.js',
        body: `const until = Date.now() + ${coldMs}; while (Date.now() < until);
exports.pageTable = { pages: [{ path: '/invest', title: 'Invest', description: 'The round.' }], dynamic: [], sitemap: false };
exports.loadRoutes = async () => ({ marker: ${JSON.stringify(marker)} });`,
      },
    ]),
  );

async function timedPage(url: string): Promise<{ ms: number; marker: string | undefined }> {
  const started = performance.now();
  const text = await (await fetch(`${url}/invest`)).text();
  return { ms: performance.now() - started, marker: /<h1>Rendered (\w+)<\/h1>/.exec(text)?.[1] };
}

/** One server of `root`: the first page showing the second release, and the median page before it. */
async function sample(root: string): Promise<{ firstMs: number; warmMs: number }> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-promote-bench-'));
  const site = writeReleasableSite(shellManifest);
  writeShellServerBuild(site, RENDER);
  const env = {
    SITE_ROOT: site,
    DATA_DIR: path.join(work, 'data'),
    RELEASES_DIR: path.join(work, 'releases'),
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
  };
  const server = spawnServer(env, await freePort(), { entry: path.join(root, 'api/src/server.ts'), cwd: root });
  try {
    await waitForReady(`${server.url}/api/ready`, server.child, 60_000);
    const release = async (marker: string, coldMs: number) => {
      const answer = await fetch(`${server.url}/api/releases/mf_invest`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/gzip' },
        body: new Uint8Array(build(marker, coldMs)),
      });
      if (answer.status !== 201) throw new Error(`release ${marker}: ${answer.status} ${await answer.text()}`);
    };
    await release('first', 0);
    while ((await timedPage(server.url)).marker !== 'first') await new Promise((r) => setTimeout(r, 20));
    const warm: number[] = [];
    const released = release('second', COLD_MS);
    for (;;) {
      const page = await timedPage(server.url);
      if (page.marker === 'second') {
        await released;
        return { firstMs: page.ms, warmMs: median(warm) };
      }
      warm.push(page.ms);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited();
  }
}

async function main(): Promise<void> {
  const baseline = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const checkouts = [['this checkout', HERE], ...(baseline ? [['baseline', baseline]] : [])] as const;
  const results = new Map<string, { firstMs: number; warmMs: number }[]>(checkouts.map(([label]) => [label, []]));
  for (let i = 0; i < SAMPLES; i++) for (const [label, root] of checkouts) results.get(label)!.push(await sample(root));
  console.log(`First page after a promote (section code costing ${COLD_MS} ms to load per renderer), median of ${SAMPLES}:`);
  for (const [label, samples] of results) {
    const first = median(samples.map((s) => s.firstMs));
    const warm = median(samples.map((s) => s.warmMs));
    console.log(`  ${label.padEnd(14)} first page of the new release ${first.toFixed(0)} ms, pages before it ${warm.toFixed(0)} ms`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
