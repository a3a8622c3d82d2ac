/**
 * `npx tsx api/bench/render-bench.ts [seconds] [rounds]`: server renders per second through the
 * api's sandboxed renderer processes beside the same renders in worker threads of one process (the
 * api's design before, render/worker-threads.ts), measured in turn in one run: `rounds` rounds (3 by
 * default), the two alternating which goes first, then the median of each and their ratio, between
 * two readings of Lighthouse's benchmarkIndex. Every render is afresh (`uncached`, so the renderers
 * do the work, not the cache), 8 in flight, the main page of each section in turn, on the checkout's
 * real builds. Then the p99 of a render and the memory of the renderers. The renderers' CPU time per
 * render is printed too, with the load average: on a busy machine renders per second measure the
 * other load as well, the CPU a render takes much less so.
 */
import pino from 'pino';
import type { RemoteName } from '@cardlift/contracts';
import { loadConfig } from '../src/platform/config';
import { buildRegistry } from '../src/registry/remote-registry';
import { RENDERERS, RenderPool } from '../src/site/render-pool';
import type { RenderTask } from '../src/site/render-tasks';
import { WorkerThreadRenderers } from './render/worker-threads';
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

interface Round {
  rendersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  /** The renderer processes' CPU per render (null for threads: their CPU is the bench process's). */
  rendererCpuMsPerRender: number | null;
  loadAverage: number;
}

type Render = (task: RenderTask) => Promise<string>;

/** `seconds` of renders, `IN_FLIGHT` at a time, after an unmeasured warm-up that loads every build in every renderer. */
async function measure(render: Render, pids: () => number[]): Promise<Round> {
  const registry = buildRegistry(loadConfig());
  let next = 0;
  const one = () => {
    const [url, remote] = PAGES[next++ % PAGES.length]!;
    return render({ url, registry, remote, queryData: [] });
  };
  await Promise.all(Array.from({ length: PAGES.length * 2 }, one));
  const cpuOf = () => pids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = cpuOf();
  const latencies: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        if ((await one()) === '') failed += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  const rendererCpu = pids().length > 0 ? (cpuOf() - cpuBefore) / latencies.length : null;
  latencies.sort((a, b) => a - b);
  return {
    rendersPerSecond: Number((latencies.length / seconds).toFixed(1)),
    p50Ms: Number(quantile(latencies, 0.5).toFixed(1)),
    p99Ms: Number(quantile(latencies, 0.99).toFixed(1)),
    failed,
    rendererCpuMsPerRender: rendererCpu === null ? null : Number(rendererCpu.toFixed(2)),
    loadAverage: loadAverage(),
  };
}

async function processes(): Promise<{ round: Round; rendererRssMb: number[] }> {
  const pool = new RenderPool(loadConfig(), pino({ level: 'silent' }));
  await pool.warm();
  const round = await measure((task) => pool.render({ ...task, uncached: true }), () => pool.rendererPids());
  const rendererRssMb = pool.rendererPids().map((pid) => Math.round(rssMb(pid)));
  await pool.close();
  return { round, rendererRssMb };
}

async function threads(size: number): Promise<{ round: Round; processRssMb: number }> {
  const before = rssMb(process.pid);
  const pool = new WorkerThreadRenderers(loadConfig(), size);
  const round = await measure((task) => pool.render(task), () => []);
  // What the threads added to this process (their heaps and the builds they loaded).
  const processRssMb = Math.round(rssMb(process.pid) - before);
  await pool.close();
  return { round, processRssMb };
}

async function main(): Promise<void> {
  printBenchmarkIndex('before');
  const size = RENDERERS;
  const results: { processes: Round[]; threads: Round[]; rendererRssMb: number[][]; threadsAddedRssMb: number[] } = {
    processes: [],
    threads: [],
    rendererRssMb: [],
    threadsAddedRssMb: [],
  };
  for (let i = 0; i < rounds; i += 1) {
    // Alternating which goes first: a machine getting busier or quieter favours neither.
    const order = i % 2 === 0 ? ['processes', 'threads'] : ['threads', 'processes'];
    for (const which of order) {
      if (which === 'processes') {
        const { round, rendererRssMb } = await processes();
        results.processes.push(round);
        results.rendererRssMb.push(rendererRssMb);
        console.log(JSON.stringify({ round: i + 1, renderers: 'processes', ...round, rendererRssMb }));
      } else {
        const { round, processRssMb } = await threads(size);
        results.threads.push(round);
        results.threadsAddedRssMb.push(processRssMb);
        console.log(JSON.stringify({ round: i + 1, renderers: 'worker threads', ...round, threadsAddedRssMb: processRssMb }));
      }
    }
  }
  const med = (list: Round[], key: 'rendersPerSecond' | 'p99Ms') => median(list.map((r) => r[key]));
  const perRenderer = results.rendererRssMb.flat();
  console.log(
    JSON.stringify({
      renderers: size,
      medianOf: rounds,
      processesRendersPerSecond: med(results.processes, 'rendersPerSecond'),
      threadsRendersPerSecond: med(results.threads, 'rendersPerSecond'),
      ratio: Number((med(results.processes, 'rendersPerSecond') / med(results.threads, 'rendersPerSecond')).toFixed(2)),
      processesP99Ms: med(results.processes, 'p99Ms'),
      threadsP99Ms: med(results.threads, 'p99Ms'),
      rendererRssMbMedian: median(perRenderer),
      renderersRssMbTotal: median(results.rendererRssMb.map((list) => list.reduce((a, b) => a + b, 0))),
      threadsAddedRssMbMedian: median(results.threadsAddedRssMb),
    }),
  );
  printBenchmarkIndex('after');
}

void main();
