/**
 * Release propagation: two api processes share one database and one RELEASES_DIR; 20 releases go to
 * the first through the release API, and each is timed from the 201 until the second serves it
 * (polled every 10 ms). Prints p50 and p99, and those of the uploads themselves (sent to 201, the
 * release's checks included, its server check rendering every static page in a renderer process). PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set, else both processes on one SQLite file. Needs the front ends built (mf-invest/dist).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../src/platform/config';
import { packDir } from '../src/artifacts/tarball';

const RELEASES = 20;
const TOKEN = crypto.randomBytes(16).toString('hex');

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export async function startApi(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'server.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(`${url}/api/remotes`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bench api did not start');
}

export async function databaseUrl(): Promise<{ url: string | undefined; label: string }> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, label: 'one SQLite file' };
  const schema = `bench_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`).finally(() => client.end());
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), label: 'PostgreSQL' };
}

async function variant(label: string): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-bench-build-'));
  fs.cpSync(path.join(REPO_ROOT, 'mf-invest', 'dist'), dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'bench-note.txt'), label);
  const tarball = await packDir(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  return tarball;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** Prints p50, p99 and max of `times` under `title`; a p99 of 2 s or more fails the bench. */
export function report(title: string, times: number[]): void {
  times.sort((x, y) => x - y);
  console.log(`\n${title}`);
  console.log(
    `  p50 ${percentile(times, 50).toFixed(0)} ms  p99 ${percentile(times, 99).toFixed(0)} ms  max ${times.at(-1)?.toFixed(0)} ms (target: under 2000 ms)`,
  );
  if (percentile(times, 99) >= 2000) process.exitCode = 1;
}

export async function benchReleasePropagation(): Promise<void> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'mf-invest', 'dist', 'mf-manifest.json'))) {
    console.log('\nRelease propagation: skipped (build the front ends first: npm run build)');
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-bench-data-'));
  const database = await databaseUrl();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    RELEASES_DIR: path.join(dataDir, 'releases'),
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  };
  const first = await startApi(env);
  const second = await startApi(env);
  try {
    const builds = [await variant('a'), await variant('b')];
    const times: number[] = [];
    const uploads: number[] = [];
    for (let i = 0; i < RELEASES; i++) {
      const sent = performance.now();
      const response = await fetch(`${first.url}/api/releases/mf_invest`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/gzip' },
        body: new Uint8Array(builds[i % 2] as Buffer),
      });
      const { version } = (await response.json()) as { version: string };
      const accepted = performance.now();
      uploads.push(accepted - sent);
      for (;;) {
        const registry = (await (await fetch(`${second.url}/api/remotes`)).json()) as { name: string; version: string }[];
        if (registry.find((e) => e.name === 'mf_invest')?.version === version) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      times.push(performance.now() - accepted);
    }
    // The upload's own time: unpacking, the manifest check and its server check in a renderer process.
    uploads.sort((x, y) => x - y);
    console.log(`\nRelease upload: ${RELEASES} releases, request sent to 201 (upload check included)`);
    console.log(`  p50 ${percentile(uploads, 50).toFixed(0)} ms  p99 ${percentile(uploads, 99).toFixed(0)} ms (no target: figures)`);
    report(
      `Release propagation: ${RELEASES} releases accepted by one instance, served by the other (${database.label}, poll 500 ms)`,
      times,
    );
  } finally {
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
