/**
 * `npm run bench:api`: the api against a floor, on 127.0.0.1 only, each run about 5 s.
 * 1. GET /api/casestudies on the real app vs a bare node:http server answering the same bytes:
 *    req/s of both, their ratio (target >= 0.66) and p99 latency.
 * 2. 1,000 concurrent POST /api/contact (rate limit off) and how many leads are stored (target: all acknowledged).
 * 3. Release propagation between two instances (release-propagation.ts): p50 and p99.
 * 4. Publish to visible on the other instance (content-propagation.ts): p50 and p99.
 * 2b. A content page with its content from the database vs from the content files, and a bare static
 *    copy (page-content-source.ts): req/s and p99 of each at the same concurrency.
 * 5. Page-view reports (rum-ingest.ts): POST /api/rum req/s and p99, and the lead path's p99 with and
 *    without reports arriving. `npm run bench:api -- --rum` runs this part alone (BENCH_SECONDS sets
 *    each run's length).
 * `npm run bench:api -- --reads` runs part 1 alone, three times side by side, and prints the medians.
 * `npm run bench:api -- --leads` runs the contact post without and with its page view (lead-views-bench.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// autocannon ships no types; only the fields read below are declared.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon is CommonJS without types
const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<AutocannonResult>;
import { createApp } from '../src/app';
import { REPO_ROOT } from '../src/platform/config';
import { loadConfig } from '../src/app-config';
import { openSqliteStore } from '../src/leads/open-lead-store';
import { contactSubmission } from '../test/contact-submission';
import { benchContentPropagation } from './content-propagation';
import { benchPageContentSource, servePageSources, type PageSources } from './page-content-source';
import { benchReleasePropagation } from './release-propagation';
import { benchRumIngest } from './rum-ingest';
import { benchLeadViews } from './lead-views-bench';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}

const DURATION_S = Number(process.env.BENCH_SECONDS) || 5;
const CONNECTIONS = 50;
const RUM_ONLY = process.argv.includes('--rum');
const READS_ONLY = process.argv.includes('--reads');
const LEADS_ONLY = process.argv.includes('--leads');
const TARGET_RATIO = 0.66;

const listen = (server: http.Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

async function load(url: string): Promise<AutocannonResult> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 });
}

/** Child process: the app and the bare server, so load generation does not share their event loop. */
async function serve(dataDir: string): Promise<void> {
  const loaded = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  // One client sends everything: no per-client limit on leads or reports.
  const config = { ...loaded, contactRateLimit: 0, rum: { ...loaded.rum, perMinute: 0 }, logLevel: 'silent' };
  const app = createApp({ config });
  await app.start();
  await app.warm();
  const appUrl = await listen(http.createServer(app.koa.callback()));
  // The floor: the same body and content type, nothing else.
  const bytes = Buffer.from(await (await fetch(`${appUrl}/api/casestudies`)).arrayBuffer());
  const bareUrl = await listen(
    http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
      res.end(bytes);
    }),
  );
  const pages = await servePageSources(config, appUrl, listen);
  process.stdout.write(`${JSON.stringify({ appUrl, bareUrl, bytes: bytes.length, pages })}\n`);
}

interface Servers {
  appUrl: string;
  bareUrl: string;
  bytes: number;
  pages: PageSources;
}

async function startServers(dataDir: string): Promise<Servers & { child: ChildProcess }> {
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, [__filename, 'serve', dataDir], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      if (buffer.includes('\n')) resolve(buffer.slice(0, buffer.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { child, ...(JSON.parse(line) as Servers) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * GET /api/casestudies on the app and on the bare server, one after the other, `runs` times (the
 * machine's load changes between runs, so each pair is read side by side): the median ratio.
 */
async function benchReads(appUrl: string, bareUrl: string, bytes: number, runs: number): Promise<number> {
  console.log(`GET /api/casestudies (${bytes} bytes), ${CONNECTIONS} connections, ${DURATION_S} s each; servers in a child process`);
  // Both warmed first, so neither's first run measures its compiler.
  await Promise.all([bareUrl, appUrl].map((url) => autocannon({ url: `${url}/api/casestudies`, connections: 10, duration: 1 })));
  const ratios: number[] = [];
  const bares: number[] = [];
  const apps: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const bareResult = await load(`${bareUrl}/api/casestudies`);
    const appResult = await load(`${appUrl}/api/casestudies`);
    const ratio = appResult.requests.average / bareResult.requests.average;
    ratios.push(ratio);
    bares.push(bareResult.requests.average);
    apps.push(appResult.requests.average);
    if (runs > 1) console.log(`  run ${run}`);
    console.log(`  bare node:http  ${bareResult.requests.average.toFixed(0)} req/s  p99 ${bareResult.latency.p99} ms`);
    console.log(
      `  api (Koa)       ${appResult.requests.average.toFixed(0)} req/s  p99 ${appResult.latency.p99} ms  non-2xx ${appResult.non2xx}  errors ${appResult.errors}`,
    );
    console.log(`  ratio api/bare  ${ratio.toFixed(2)}`);
  }
  const ratio = median(ratios);
  if (runs > 1) console.log(`  median of ${runs}: bare ${median(bares).toFixed(0)} req/s, api ${median(apps).toFixed(0)} req/s`);
  console.log(`  ratio api/bare  ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`);
  return ratio;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-bench-'));
  const { child, appUrl, bareUrl, bytes, pages } = await startServers(dataDir);
  try {
    if (LEADS_ONLY) return await benchLeadViews(autocannon, appUrl, DURATION_S);
    if (RUM_ONLY) {
      if (!(await benchRumIngest(autocannon, appUrl, DURATION_S))) process.exitCode = 1;
      return;
    }
    const ratio = await benchReads(appUrl, bareUrl, bytes, READS_ONLY ? 3 : 1);
    if (READS_ONLY) {
      if (ratio < TARGET_RATIO) process.exitCode = 1;
      return;
    }

    // A server-rendered page (needs the front ends built): the first request renders, the rest are kept.
    const page = await load(`${appUrl}/`);
    console.log(`\nGET / (server-rendered HTML)`);
    console.log(
      `  api (Koa)       ${page.requests.average.toFixed(0)} req/s  p99 ${page.latency.p99} ms  non-2xx ${page.non2xx}  errors ${page.errors}`,
    );
    const pagesMet = await benchPageContentSource(autocannon, appUrl, pages, DURATION_S);

    const N = 1000;
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        fetch(`${appUrl}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(contactSubmission({ firstName: `Bench${i}`, lastName: 'Load', email: `bench${i}@example.com` })),
        }).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const acknowledged = statuses.filter((s) => s === 201).length;
    // Counted straight from the database file the server wrote.
    const store = openSqliteStore(dataDir);
    const stored = await store.countLeads();
    await store.close();
    console.log(`\n${N} concurrent POST /api/contact (SQLite, synchronous=FULL) in ${seconds.toFixed(2)} s`);
    console.log(
      `  acknowledged (201) ${acknowledged}, other ${N - acknowledged}, stored ${stored}: ${stored >= acknowledged ? 'every acknowledged lead stored' : 'LEADS MISSING'}`,
    );
    const rumMet = await benchRumIngest(autocannon, appUrl, DURATION_S);
    if (ratio < TARGET_RATIO || stored < acknowledged || !rumMet || !pagesMet) process.exitCode = 1;
  } finally {
    process.kill(-(child.pid as number), 'SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!RUM_ONLY && !READS_ONLY && !LEADS_ONLY) {
    await benchReleasePropagation();
    await benchContentPropagation();
  }
}

(process.argv[2] === 'serve' ? serve(process.argv[3] as string) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
