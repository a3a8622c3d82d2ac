/**
 * `npx tsx api/bench/render-bench.ts [seconds]`: server renders per second through the render pool on
 * the checkout's real builds (every render afresh: `uncached`, so the pool's renderers do the work,
 * not its cache), with 8 renders in flight, the main page of each section in turn; then the p99 of
 * a render and the memory of the renderers. Run it in two checkouts to compare pools side by side.
 * The CPU time per render (the renderers', the api's) is printed too, with the load average: on a
 * busy machine renders per second measure the other load, the CPU a render takes much less so.
 */
import fs from 'node:fs';
import pino from 'pino';
import type { RemoteName } from '@cardlift/contracts';
import { loadConfig } from '../src/app-config';
import { buildRegistry } from '../src/registry/remote-registry';
import { RenderPool } from '../src/site/render-pool';

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

/** Resident memory of a process, in MB (VmRSS). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time a process has used (user and system), in ms: per render, it holds on a loaded machine where renders/s do not. */
function cpuMs(pid: number): number {
  // A renderer replaced during the run has no figures: NaN (printed null), not a wrong number.
  if (!fs.existsSync(`/proc/${pid}/stat`)) return NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, the 14th and 15th fields (12th and 13th after the name), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const registry = buildRegistry(config);
  const pool = new RenderPool(config, pino({ level: 'silent' }));
  const apiBefore = rssMb(process.pid);
  await pool.warm();
  let next = 0;
  const render = () => {
    const [url, remote] = PAGES[next++ % PAGES.length]!;
    return pool.render({ url, registry, remote, queryData: [], uncached: true });
  };
  // Unmeasured: each renderer loads every section's build once.
  await Promise.all(Array.from({ length: PAGES.length * 2 }, render));
  const pids = 'rendererPids' in pool ? (pool as { rendererPids(): number[] }).rendererPids() : [];
  const cpuOf = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = cpuOf();
  const apiCpuBefore = process.cpuUsage();
  const latencies: number[] = [];
  let empty = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        if ((await render()) === '') empty += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  const rendererCpuMs = cpuOf() - cpuBefore;
  const apiCpu = process.cpuUsage(apiCpuBefore);
  const apiCpuMs = (apiCpu.user + apiCpu.system) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
  const renderers = pids.map(rssMb);
  console.log(
    JSON.stringify({
      rendersPerSecond: Number((latencies.length / seconds).toFixed(1)),
      p50Ms: Number(p(0.5)),
      p99Ms: Number(p(0.99)),
      failed: empty,
      rendererCpuMsPerRender: Number((rendererCpuMs / latencies.length).toFixed(2)),
      apiCpuMsPerRender: Number((apiCpuMs / latencies.length).toFixed(2)),
      renderers: pids.length,
      loadAverage: Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]),
      apiRssMb: Math.round(rssMb(process.pid)),
      apiRssBeforeRenderersMb: Math.round(apiBefore),
      rendererRssMb: renderers.map(Math.round),
      totalRssMb: Math.round(rssMb(process.pid) + renderers.reduce((a, b) => a + b, 0)),
    }),
  );
  await pool.close();
}

void main();
