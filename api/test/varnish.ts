/**
 * A real Varnish for tests, running the shipped VCL (deploy/varnish) in front of a backend port:
 * its own work directory, so several run side by side, started in the foreground so stopping it is
 * ending the process this helper started. Where varnishd is absent the suites that need it skip.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/platform/config';
import { freePort } from './server-process';

const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((file) => fs.existsSync(file));
const VARNISHSTAT = ['/usr/bin/varnishstat', '/usr/local/bin/varnishstat'].find((file) => fs.existsSync(file));
const VCL_DIR = path.join(REPO_ROOT, 'deploy', 'varnish');

/** Why the Varnish suites cannot run here, or undefined when they can. */
export function varnishMissing(): string | undefined {
  if (!VARNISHD) return 'varnishd is not installed (apt-get install -y varnish varnish-modules): the Varnish tests are skipped';
  const vmods = spawnSync('sh', ['-c', 'ls /usr/lib/*/varnish/vmods/libvmod_xkey.so /usr/lib/varnish/vmods/libvmod_xkey.so 2>/dev/null']);
  if (!vmods.stdout.toString().trim())
    return 'vmod xkey is not installed (apt-get install -y varnish-modules): the Varnish tests are skipped';
  return undefined;
}

/**
 * The shipped example VCL, pointed at `backendPort`, written into `dir` with a copy of every shipped
 * VCL file beside it (included from there): varnishd reads them as its own user, who may not read a
 * checkout in a private (0700) folder.
 */
export function writeVcl(dir: string, backendPort: number, vclDir = VCL_DIR): string {
  for (const file of fs.readdirSync(vclDir).filter((name) => name.endsWith('.vcl')))
    fs.writeFileSync(path.join(dir, file), fs.readFileSync(path.join(vclDir, file)), { mode: 0o644 });
  const main = path.join(dir, 'main.vcl');
  fs.writeFileSync(
    main,
    fs
      .readFileSync(path.join(vclDir, 'default.vcl'), 'utf8')
      .replace('.port = "3000"', `.port = "${backendPort}"`)
      .replace('include "cardlift.vcl"', `include "${path.join(dir, 'cardlift.vcl')}"`),
    { mode: 0o644 },
  );
  return main;
}

export interface Varnish {
  port: number;
  url: string;
  /** Ends the process (its cache goes with it). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with an empty cache. */
  start(): Promise<void>;
  /** Objects in the cache now, hit-for-miss markers included (varnishstat's MAIN.n_objectcore). */
  objects(): Promise<number>;
}

async function listening(url: string, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`varnishd exited with code ${child.exitCode}`);
    // Any answer from Varnish will do (the backend may be down).
    const answer = await fetch(`${url}/api/health`).catch(() => undefined);
    if (answer?.headers.get('x-varnish')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`varnishd did not listen at ${url} within ${timeoutMs} ms`);
}

/** Varnish on `port` (a free one unless given) in front of `backendPort`, running the VCL files of `vclDir`. */
export async function startVarnish(backendPort: number, port?: number, vclDir = VCL_DIR): Promise<Varnish> {
  port ??= await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-varnish-'));
  // Varnish reads its VCL as its own unprivileged user.
  fs.chmodSync(dir, 0o755);
  const vcl = writeVcl(dir, backendPort, vclDir);
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';
  const varnish: Varnish = {
    port,
    url,
    async start() {
      const args = ['-F', '-a', `127.0.0.1:${port}`, '-f', vcl, '-s', 'malloc,64m', '-n', path.join(dir, 'work'), '-t', '120'];
      const started = spawn(VARNISHD!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child = started;
      await listening(url, started).catch((error: Error) => {
        throw new Error(`${error.message}\n${output}`);
      });
    },
    async objects() {
      // Workers add to the counters in batches: read until two reads a second apart agree.
      const read = () => {
        const stat = spawnSync(VARNISHSTAT ?? 'varnishstat', ['-n', path.join(dir, 'work'), '-1', '-f', 'MAIN.n_objectcore'], {
          encoding: 'utf8',
        });
        const count = /MAIN\.n_objectcore\s+(\d+)/.exec(stat.stdout)?.[1];
        if (count === undefined) throw new Error(`varnishstat answered: ${stat.stdout}${stat.stderr}`);
        return Number(count);
      };
      for (let last = -1; ;) {
        const now = read();
        if (now === last) return now;
        last = now;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
      });
    },
  };
  await varnish.start();
  return varnish;
}
