// `npm start`: builds whatever is missing (a front end, the shell after a change to the table of
// remotes, the compiled api after a change to its source), then serves the whole site on PORT
// (default 3000) with `node api/dist/server.js`: no compiler or loader between the process manager
// and the server.
//
// Signals: npm passes SIGTERM and SIGINT to its script's shell, and the script line is `exec node
// scripts/start.mjs` so that shell is this process (a shell that waits would die and leave the rest
// serving). This script hands them to the server, waits while the
// server drains (stops accepting, finishes what is in flight, flushes) and exits with its code, so the
// pid a process manager was given ends last and leaves no process behind. A second signal is passed
// on too: the server ignores it, and its own drain deadline bounds the wait.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { apiBuildIsCurrent, BUILDS, buildsToMake, ROOT, run } from './lib.mjs';

const rebuild = process.argv.includes('--rebuild');
// With SITE_ROOT elsewhere the front ends are read from there: that folder's builds are its own.
const servesCheckout = !process.env.SITE_ROOT || path.resolve(process.env.SITE_ROOT) === ROOT;
const toBuild = servesCheckout ? (rebuild ? BUILDS : buildsToMake()) : [];
if (rebuild || !apiBuildIsCurrent()) toBuild.push('@cardlift/api');
let stopped = false;
const stopWhileBuilding = () => (stopped = true);
process.on('SIGTERM', stopWhileBuilding).on('SIGINT', stopWhileBuilding);
for (const pkg of toBuild) {
  if (stopped) process.exit(0);
  console.log(`Building ${pkg}...`);
  const code = await run('npm', ['run', 'build', '--silent', '-w', pkg]);
  if (code !== 0) process.exit(code);
}
if (stopped) process.exit(0);
process.off('SIGTERM', stopWhileBuilding).off('SIGINT', stopWhileBuilding);

const server = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => server.kill(signal));
// npm itself ended without a word (SIGKILL): nobody would stop the server any more, so it drains now.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && server.kill('SIGTERM'), 500).unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1)));
