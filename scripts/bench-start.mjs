// `npm run bench:start [-- --runs 3]`: time from starting the api to its first answer (GET /api/health
// 200), with every build present: the compiled server run by `node` (what `npm start` runs now) and
// the TypeScript source run through the tsx launcher (what it ran before). Then, for the compiled
// server, the time from start to ready (GET /api/ready 200) and a fresh instance's first seven pages
// requested at once as soon as it is ready, beside the same seven requested again (warm). Prints the
// median of each, between two readings of the machine's Lighthouse benchmarkIndex.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiBuildIsCurrent, buildsToMake, ROOT, run } from './lib.mjs';

// `--runs N`; without it 3 (indexOf's -1 would otherwise read argv[0], the node binary, as the count).
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(process.argv[runsAt + 1]);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number of runs, got ${process.argv[runsAt + 1]}`);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The pages a first visitor wave asks for: the static pages `bench:web` measures, one or more per section. */
const FIRST_PAGES = [
  '/',
  '/products/card-linked-offers',
  '/solutions/retail',
  '/case-studies',
  '/blog/offers-api-announcement',
  '/company/careers',
  '/invest',
];

/** Milliseconds until every page of `paths`, requested at once, has arrived whole. */
async function pagesAtOnce(base, paths) {
  const started = performance.now();
  await Promise.all(
    paths.map(async (p) => {
      const answer = await fetch(`${base}${p}`);
      await answer.arrayBuffer();
      if (!answer.ok) throw new Error(`${p} answered ${answer.status}`);
    }),
  );
  return performance.now() - started;
}

/** Starts the server; times its first answer from `probe` (and, with `pages`, the first and warm page waves). */
async function timeStart(command, args, probe, pages = false) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-start-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`${base}${probe}`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`${command} exited ${child.exitCode} before answering`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const ms = performance.now() - started;
    if (!pages) return { ms };
    return { ms, firstMs: await pagesAtOnce(base, FIRST_PAGES), warmMs: await pagesAtOnce(base, FIRST_PAGES) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

// What `npm start` would build first is built before timing: the figure is a built checkout's start.
for (const pkg of [...buildsToMake(), ...(apiBuildIsCurrent() ? [] : ['@cardlift/api'])]) {
  if ((await run('npm', ['run', 'build', '--silent', '-w', pkg])) !== 0) process.exit(1);
}
const ways = {
  'compiled (node api/dist/server.js)': [process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')]],
  'source (tsx api/src/server.ts)': [path.join(ROOT, 'node_modules', '.bin', 'tsx'), [path.join(ROOT, 'api', 'src', 'server.ts')]],
};
const benchmarkIndex = (label) => run('node', [path.join(ROOT, 'scripts', 'benchmark-index.mjs'), label]);
const figure = (values) => `${Math.round(median(values))} ms (median of ${runs}; ${values.map((t) => Math.round(t)).join(', ')})`;

await benchmarkIndex('before');
for (const [name, [command, args]] of Object.entries(ways)) {
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push((await timeStart(command, args, '/api/health')).ms);
  console.log(`${name}: first answer after ${figure(times)}`);
}
const [command, args] = ways['compiled (node api/dist/server.js)'];
const waves = [];
for (let i = 0; i < runs; i += 1) waves.push(await timeStart(command, args, '/api/ready', true));
console.log(`compiled: ready after ${figure(waves.map((w) => w.ms))}`);
console.log(`first ${FIRST_PAGES.length} pages at once, as soon as ready: ${figure(waves.map((w) => w.firstMs))}`);
console.log(`the same ${FIRST_PAGES.length} again (warm): ${figure(waves.map((w) => w.warmMs))}`);
const ratio = median(waves.map((w) => w.firstMs / w.warmMs));
console.log(`first against warm: ${ratio.toFixed(1)}x (median of the runs' ratios)`);
await benchmarkIndex('after');
