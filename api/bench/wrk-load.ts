/**
 * A load run with wrk (Debian's `wrk`, written in C) when it is installed. Through a cache the load
 * generator is the bottleneck: autocannon, in Node.js, topped out near 3,000 page requests/s on these
 * 2-core machines while Varnish answered about 27,000/s to wrk. Both ends of a comparison must use the
 * same generator, so the bench picks one for the whole run.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load-result';

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => fs.existsSync(file));

export const wrkInstalled = (): boolean => WRK !== undefined;

/** wrk's duration figures ("850.00us", "1.20ms", "2.01s") in milliseconds. */
function milliseconds(figure: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(figure);
  if (!match) return NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
}

/** GETs `paths` in turn on `origin` with `headers`, `connections` open for `seconds`. */
export function wrkLoad(options: {
  origin: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}): LoadResult {
  if (!WRK) throw new Error('wrk is not installed (apt-get install -y wrk)');
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-wrk-')), 'pages.lua');
  fs.writeFileSync(
    script,
    `local paths = {${options.paths.map((p) => JSON.stringify(p)).join(', ')}}\n` +
      'local i = 0\n' +
      'request = function()\n  i = i % #paths + 1\n  return wrk.format("GET", paths[i])\nend\n',
  );
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const out = execFileSync(
    WRK,
    ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', script, ...headerArgs, options.origin],
    { encoding: 'utf8' },
  );
  fs.rmSync(path.dirname(script), { recursive: true, force: true });
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requests: { average: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN) },
    latency: { p99: Math.round(milliseconds(/\s99%\s+(\S+)/.exec(out)?.[1] ?? '')) },
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}
