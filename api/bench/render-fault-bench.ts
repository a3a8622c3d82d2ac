/**
 * `npx tsx api/bench/render-fault-bench.ts [seconds] [rounds]`: how other pages fare while one
 * section's render loops forever, or allocates 2 GB, again and again. Two renderers (the pool's
 * size on two cores) on a stand-in site (api/test/misbehaving-site.ts): 8 renders of other pages
 * in flight for `seconds` (20: past the 8 s deadline, so a looping render is ended more than once),
 * first with nothing misbehaving, then with one bad render always under way (another sent as soon
 * as the last was ended). Prints p50/p99 of the other pages and their
 * failures beside the bare run's, the bad renders ended, the failures counted and the renderers
 * replaced; median of `rounds` (3), between two readings of Lighthouse's benchmarkIndex.
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/app-config';
import { RenderPool } from '../src/site/render-pool';
import { MISBEHAVIOURS, misbehavingSiteRequest, writeMisbehavingSite } from '../test/misbehaving-site';
import { median, printBenchmarkIndex, quantile } from './render/process-figures';

const IN_FLIGHT = 8;
const seconds = Number(process.argv[2] ?? 20);
const rounds = Number(process.argv[3] ?? 3);

interface Run {
  p50Ms: number;
  p99Ms: number;
  otherPages: number;
  otherPagesFailed: number;
  badRendersServedWithoutSection?: number;
  failuresCounted?: number;
  renderersReplaced?: number;
}

async function run(misbehaviour: string | undefined): Promise<Run> {
  const root = writeMisbehavingSite(misbehaviour ?? '');
  const config = loadConfig({ ...process.env, SITE_ROOT: root, DATA_DIR: path.join(root, 'data') });
  const pool = new RenderPool(config, pino({ level: 'silent' }), { maxThreads: 2 });
  let failuresCounted = 0;
  pool.observer = { cacheAnswered: () => undefined, rendered: () => undefined, renderFailed: () => (failuresCounted += 1) };
  await pool.warm();
  const started = new Set(pool.rendererPids());
  const seen = new Set(started);
  const until = performance.now() + seconds * 1000;
  let badServed = 0;
  const bad = async () => {
    while (misbehaviour && performance.now() < until) {
      // The page is still answered: '' is the section left to the browser.
      if ((await pool.render(misbehavingSiteRequest('/'))) === '') badServed += 1;
      for (const pid of pool.rendererPids()) seen.add(pid);
    }
  };
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const others = Array.from({ length: IN_FLIGHT }, async () => {
    while (performance.now() < until) {
      const begun = performance.now();
      if ((await pool.render(misbehavingSiteRequest(`/page-${next++ % 50}`))) === '') failed += 1;
      latencies.push(performance.now() - begun);
    }
  });
  await Promise.all([bad(), ...others]);
  await pool.close();
  latencies.sort((a, b) => a - b);
  const figures: Run = {
    p50Ms: Number(quantile(latencies, 0.5).toFixed(1)),
    p99Ms: Number(quantile(latencies, 0.99).toFixed(1)),
    otherPages: latencies.length,
    otherPagesFailed: failed,
  };
  if (!misbehaviour) return figures;
  return { ...figures, badRendersServedWithoutSection: badServed, failuresCounted, renderersReplaced: seen.size - started.size };
}

async function main(): Promise<void> {
  printBenchmarkIndex('before');
  const runs: Record<string, Run[]> = { bare: [], loop: [], allocate2Gb: [] };
  for (let round = 1; round <= rounds; round += 1) {
    for (const kind of ['bare', 'loop', 'allocate2Gb'] as const) {
      const figures = await run(kind === 'bare' ? undefined : MISBEHAVIOURS[kind]);
      runs[kind]!.push(figures);
      console.log(JSON.stringify({ round, kind, ...figures }));
    }
  }
  const summary = Object.fromEntries(
    Object.entries(runs).map(([kind, list]) => [
      kind,
      { p50Ms: median(list.map((r) => r.p50Ms)), p99Ms: median(list.map((r) => r.p99Ms)) },
    ]),
  );
  console.log(JSON.stringify({ medianOf: rounds, otherPages: summary }));
  printBenchmarkIndex('after');
}

void main();
