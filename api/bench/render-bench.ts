/**
 * `npx tsx api/bench/render-bench.ts [seconds] [rounds]`: server renders per second through the
 * api's sandboxed renderer processes beside the same renders in worker threads of one process (the
 * api's design before, render/worker-threads.ts), measured in turn in one run: `rounds` rounds (3 by
 * default) of `seconds` (10) each, in one-second slices of each kind alternately, then the median of
 * each and of their ratio, between two readings of Lighthouse's benchmarkIndex. Every render is afresh (`uncached`, so the renderers
 * do the work, not the cache), 8 in flight, the main page of each section in turn, on the checkout's
 * real builds. Then the p99 of a render and the memory of the renderers. The CPU time per render (the
 * renderer processes' and the bench's own, where the threads run) is printed too, with the load average: on a busy machine renders per second measure the
 * other load as well, the CPU a render takes much less so.
 */
import pino from 'pino';
import type { RemoteName } from '@cardlift/contracts';
import { loadConfig } from '../src/app-config';
import { buildRegistry } from '../src/serving/remote-registry';
import { RENDERERS, RenderPool } from '../src/site/render-pool';
import type { RenderTask } from '../src/site/render-tasks';
import { workerThreadPool } from './render/worker-threads';
import { cpuMs, loadAverage, median, printBenchmarkIndex, quantile, rssMb } from './render/process-figures';

const PAGES: [string, RemoteName][] = [
  ['/', 'mf_marketing'],
  ['/products/offers-api', 'mf_marketing'],
  ['/solutions/retail', 'mf_marketing'],
  ['/blog', 'mf_resources'],
  ['/case-studies', 'mf_resources'],
  ['/company/about-us', 'mf_company'],
  ['/company/careers', 'mf_company'],
  ['/invest', 'mf_invest'],
];
const IN_FLIGHT = 8;
const seconds = Number(process.argv[2] ?? 10);
const rounds = Number(process.argv[3] ?? 3);

/** One kind of renderer's figures over a round. */
interface Tally {
  latencies: number[];
  failed: number;
  ms: number;
  cpuMs: number;
}

interface Round {
  rendersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** CPU per render, all of it: the renderer processes' and this process's (where the threads run). */
  cpuMsPerRender: number;
  loadAverage: number;
}

interface Renderers {
  render(task: RenderTask): Promise<string>;
  /** Processes besides this one whose CPU the renders use. */
  pids(): number[];
}

/** `ms` of renders, `IN_FLIGHT` at a time, added to `tally`. */
async function slice(renderers: Renderers, ms: number, tally: Tally): Promise<void> {
  const registry = buildRegistry(loadConfig());
  let next = 0;
  const cpu = () => renderers.pids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = cpu();
  const ownBefore = process.cpuUsage();
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const [url, remote] = PAGES[next++ % PAGES.length]!;
        const begun = performance.now();
        if ((await renderers.render({ url, registry, remote, queryData: [] })) === '') tally.failed += 1;
        tally.latencies.push(performance.now() - begun);
      }
    }),
  );
  tally.ms += performance.now() - started;
  const own = process.cpuUsage(ownBefore);
  tally.cpuMs += cpu() - cpuBefore + (own.user + own.system) / 1000;
}

function summary(tally: Tally): Round {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  return {
    rendersPerSecond: Number(((sorted.length * 1000) / tally.ms).toFixed(1)),
    p50Ms: Number(quantile(sorted, 0.5).toFixed(1)),
    p99Ms: Number(quantile(sorted, 0.99).toFixed(1)),
    failed: tally.failed,
    cpuMsPerRender: Number((tally.cpuMs / sorted.length).toFixed(2)),
    loadAverage: loadAverage(),
  };
}

/**
 * Slices of a second, the two kinds in turn (which goes first alternating), `seconds` of each per
 * round: a machine shared with other work changes speed within seconds, and both see the same.
 */
async function main(): Promise<void> {
  printBenchmarkIndex('before');
  const threadsBefore = rssMb(process.pid);
  const threads = workerThreadPool(loadConfig(), pino({ level: 'silent' }));
  await threads.warm();
  const threadRenderers: Renderers = { render: (task) => threads.render({ ...task, uncached: true }), pids: () => [] };
  // Unmeasured: every thread loads every section's build.
  await slice(threadRenderers, 2000, { latencies: [], failed: 0, ms: 0, cpuMs: 0 });
  const threadsAddedRssMb = Math.round(rssMb(process.pid) - threadsBefore);
  const pool = new RenderPool(loadConfig(), pino({ level: 'silent' }));
  await pool.warm();
  const processRenderers: Renderers = { render: (task) => pool.render({ ...task, uncached: true }), pids: () => pool.rendererPids() };
  await slice(processRenderers, 2000, { latencies: [], failed: 0, ms: 0, cpuMs: 0 });
  const results: { processes: Round[]; threads: Round[] } = { processes: [], threads: [] };
  for (let round = 1; round <= rounds; round += 1) {
    const tallies = [processRenderers, threadRenderers].map(() => ({ latencies: [], failed: 0, ms: 0, cpuMs: 0 }) as Tally);
    for (let i = 0; i < seconds; i += 1) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) await slice(which === 0 ? processRenderers : threadRenderers, 1000, tallies[which]!);
    }
    const [processes, workerThreads] = tallies.map(summary) as [Round, Round];
    results.processes.push(processes);
    results.threads.push(workerThreads);
    console.log(JSON.stringify({ round, processes, workerThreads, ratio: ratio(processes, workerThreads) }));
  }
  const rendererRssMb = pool.rendererPids().map((pid) => Math.round(rssMb(pid)));
  const med = (list: Round[], key: keyof Round) => median(list.map((r) => r[key]));
  console.log(
    JSON.stringify({
      renderers: RENDERERS,
      medianOf: rounds,
      processesRendersPerSecond: med(results.processes, 'rendersPerSecond'),
      threadsRendersPerSecond: med(results.threads, 'rendersPerSecond'),
      ratioMedian: median(results.processes.map((p, i) => ratio(p, results.threads[i]!))),
      processesP99Ms: med(results.processes, 'p99Ms'),
      threadsP99Ms: med(results.threads, 'p99Ms'),
      processesCpuMsPerRender: med(results.processes, 'cpuMsPerRender'),
      threadsCpuMsPerRender: med(results.threads, 'cpuMsPerRender'),
      rendererRssMb,
      renderersRssMbTotal: rendererRssMb.reduce((a, b) => a + b, 0),
      threadsAddedRssMb,
    }),
  );
  await Promise.all([pool.close(), threads.close()]);
  printBenchmarkIndex('after');
}

function ratio(processes: Round, threads: Round): number {
  return Number((processes.rendersPerSecond / threads.rendersPerSecond).toFixed(2));
}

void main();
