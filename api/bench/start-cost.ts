/**
 * What one api instance costs to start, on each database: time from process start to the first answer
 * of /api/ready (after `start()`), RSS once it answered, and the PostgreSQL connections it holds then
 * (pg_stat_activity, counted by the instance's own application_name, so other clients of the server
 * do not count). Each sample is a fresh process on a fresh schema; median of 3. Given another checkout
 * (with its node_modules, e.g. a `git worktree` of the previous commit), its samples are taken in the
 * same run, in turn with this checkout's, as the baseline.
 *   TEST_DATABASE_URL=postgres://... npx tsx api/bench/start-cost.ts [baseline-checkout]
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { freshSchemaUrl, TEST_DATABASE_URL } from '../test/postgres';
import type * as TestApp from '../test/test-app';
import type * as FixtureBuilds from '../test/fixture-builds';

const HERE = path.resolve(__dirname, '..', '..');

const SAMPLES = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Sample {
  firstAnswerMs: number;
  readyStatus: number;
  rssMb: number;
  connections: number | null;
}

/** One instance in this process: started, asked once, measured, closed. */
async function child(root: string, databaseUrl: string | undefined): Promise<Sample> {
  // The checkout measured: its own app, fixture site and all.
  const { testApp } = (await import(path.join(root, 'api/test/test-app.ts'))) as typeof TestApp;
  const { writeFixtureSite } = (await import(path.join(root, 'api/test/fixture-builds.ts'))) as typeof FixtureBuilds;
  const app = testApp({ siteRoot: writeFixtureSite(), ...(databaseUrl ? { databaseUrl } : {}) });
  await app.start();
  const ready = await request(app.koa.callback()).get('/api/ready');
  // performance.now() counts from the process's start: module loading is part of starting.
  const firstAnswerMs = performance.now();
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  let connections: number | null = null;
  if (databaseUrl) {
    const name = new URL(databaseUrl).searchParams.get('application_name');
    const counter = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await counter.connect();
    const { rows } = await counter
      .query<{ count: string }>("SELECT count(*) FROM pg_stat_activity WHERE datname = 'test' AND application_name = $1", [name])
      .finally(() => counter.end());
    connections = Number(rows[0]!.count);
  }
  await app.close();
  return { firstAnswerMs, readyStatus: ready.status, rssMb, connections };
}

function sampleInChild(root: string, databaseUrl: string | undefined): Sample {
  const out = execFileSync(process.execPath, [...process.execArgv, __filename, '--child'], {
    cwd: root,
    env: { ...process.env, START_COST_ROOT: root, START_COST_DATABASE_URL: databaseUrl ?? '' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as Sample;
}

async function main() {
  if (process.argv.includes('--child')) {
    const sample = await child(process.env.START_COST_ROOT ?? HERE, process.env.START_COST_DATABASE_URL || undefined);
    process.stdout.write(`${JSON.stringify(sample)}\n`);
    process.exit(0);
  }
  const databases: [string, () => Promise<string | undefined>][] = [['SQLite', async () => undefined]];
  if (TEST_DATABASE_URL)
    databases.push([
      'PostgreSQL',
      async () => {
        const url = new URL(await freshSchemaUrl('start_cost'));
        url.searchParams.set('application_name', `start-cost-${process.pid}-${Date.now()}`);
        return url.toString();
      },
    ]);
  else console.log('PostgreSQL skipped: set TEST_DATABASE_URL');
  const baseline = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const checkouts: [string, string][] = [...(baseline ? ([['baseline', baseline]] as [string, string][]) : []), ['this checkout', HERE]];
  for (const [name, url] of databases) {
    const samples = new Map<string, Sample[]>(checkouts.map(([label]) => [label, []]));
    // In turn, so a change in the machine's load weighs on both alike.
    for (let i = 0; i < SAMPLES; i++) for (const [label, root] of checkouts) samples.get(label)!.push(sampleInChild(root, await url()));
    for (const [label, taken] of samples) console.log(`${name}, ${label}: ${summary(taken)}`);
  }
}

function summary(samples: Sample[]): string {
  const connections = samples.map((s) => s.connections).filter((c): c is number => c !== null);
  return (
    `first answer ${median(samples.map((s) => s.firstAnswerMs)).toFixed(0)} ms (/api/ready ${samples[0]!.readyStatus}),` +
    ` RSS ${median(samples.map((s) => s.rssMb)).toFixed(0)} MB` +
    (connections.length ? `, PostgreSQL connections held ${median(connections)}` : '') +
    ` (median of ${SAMPLES})`
  );
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
