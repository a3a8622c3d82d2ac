/** What the render benches read of processes and of the machine, from /proc and Lighthouse. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/platform/config';

/** Resident memory of a process, in MB (VmRSS); 0 for one that is gone. */
export function rssMb(pid: number): number {
  if (!fs.existsSync(`/proc/${pid}/status`)) return 0;
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** CPU time a process has used (user and system), in ms: per render, it holds on a loaded machine where renders/s do not. */
export function cpuMs(pid: number): number {
  // A renderer replaced during the run has no figures: NaN (printed null), not a wrong number.
  if (!fs.existsSync(`/proc/${pid}/stat`)) return NaN;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, the 14th and 15th fields (12th and 13th after the name), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function loadAverage(): number {
  return Number(fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

/** Lighthouse's benchmarkIndex now (scripts/benchmark-index.mjs prints it, median of 3), as the other benches print it. */
export function printBenchmarkIndex(label: string): void {
  // A Chromium that hangs on a loaded machine costs the reading, not the run.
  const run = spawnSync('node', [path.join(REPO_ROOT, 'scripts', 'benchmark-index.mjs'), label], { encoding: 'utf8', timeout: 120_000 });
  console.log(
    run.status === 0 ? run.stdout.trim() : `Lighthouse benchmarkIndex (${label}): unavailable (${run.stderr.trim().split('\n')[0]})`,
  );
}

/** The p-th quantile of sorted figures. */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
}

export function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
