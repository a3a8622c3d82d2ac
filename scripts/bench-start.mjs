// `npm run bench:start [-- --runs 3]`: time from starting the api to its first answer (GET /api/health
// 200), with every build present: the compiled server run by `node` (what `npm start` runs now) and
// the TypeScript source run through the tsx launcher (what it ran before). Prints the median of each.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiBuildIsCurrent, buildsToMake, ROOT, run } from './lib.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1] || 3);

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function timeToFirstAnswer(command, args) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-start-bench-'));
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`${command} exited ${child.exitCode} before answering`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
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
for (const [name, [command, args]] of Object.entries(ways)) {
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await timeToFirstAnswer(command, args));
  console.log(
    `${name}: first answer after ${Math.round(median(times))} ms (median of ${runs}; ${times.map((t) => Math.round(t)).join(', ')})`,
  );
}
