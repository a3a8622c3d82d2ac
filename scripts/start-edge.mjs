// `npm run start:edge`: the site as `npm start` serves it (the compiled api, `node api/dist/server.js`),
// with Varnish in front (the shipped VCL, deploy/varnish): Varnish on EDGE_PORT (default 8080), the
// api on PORT (default 3000) bound to this machine only (HOST=127.0.0.1), so every visitor comes
// through the cache and the api believes forwarded headers from it alone. Every change is purged on
// that Varnish. Prints both addresses. Needs Debian's varnish and varnish-modules.
//
// Signals: the script line is `exec node scripts/start-edge.mjs`, so the pid npm's shell had is this
// process. SIGTERM, SIGINT or SIGHUP is handed to the api (which drains) and to varnishd; this script
// exits once both have, so stopping the pid a process manager was given frees both ports.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiBuildIsCurrent, buildsToMake, ROOT, run } from './lib.mjs';

const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((file) => fs.existsSync(file));
if (!VARNISHD) {
  console.error('Varnish is not installed. Install it with: sudo apt-get update && sudo apt-get install -y varnish varnish-modules');
  process.exit(1);
}

const originPort = Number(process.env.PORT || 3000);
const edgePort = Number(process.env.EDGE_PORT || 8080);
const edgeHost = process.env.EDGE_HOST || '0.0.0.0';
// Varnish reads its VCL as its own unprivileged user, who may not read a checkout in a private (0700)
// home folder: every VCL file is copied into a folder of its own that it may read.
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-'));
fs.chmodSync(workDir, 0o755);
const vclDir = path.join(ROOT, 'deploy', 'varnish');
for (const file of fs.readdirSync(vclDir).filter((name) => name.endsWith('.vcl')))
  fs.writeFileSync(path.join(workDir, file), fs.readFileSync(path.join(vclDir, file)), { mode: 0o644 });
// The shipped example, pointed at this api, including the copied rules.
const vcl = path.join(workDir, 'main.vcl');
fs.writeFileSync(
  vcl,
  fs
    .readFileSync(path.join(vclDir, 'default.vcl'), 'utf8')
    .replace('.port = "3000"', `.port = "${originPort}"`)
    .replace('include "cardlift.vcl"', `include "${path.join(workDir, 'cardlift.vcl')}"`),
  { mode: 0o644 },
);
const check = spawnSync(VARNISHD, ['-C', '-f', vcl, '-n', path.join(workDir, 'check')], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(check.stderr || 'the VCL does not compile (is varnish-modules installed? it brings vmod xkey)');
  process.exit(1);
}

const env = {
  ...process.env,
  PORT: String(originPort),
  // Only Varnish, on this machine, reaches the api; its X-Forwarded-For entry names the visitor.
  HOST: process.env.HOST || '127.0.0.1',
  TRUST_PROXY_HOPS: process.env.TRUST_PROXY_HOPS || '1',
  EDGE_PURGE: process.env.EDGE_PURGE || `varnish:http://127.0.0.1:${edgePort}`,
};

// What `npm start` does: build whatever is missing (the compiled api included), stopping early on a signal.
let stopping = false;
const children = [];
const stopAll = (signal = 'SIGTERM') => {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  if (children.length === 0) process.exit(0);
};
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => stopAll(signal === 'SIGHUP' ? 'SIGTERM' : signal));
// npm itself ended without a word (SIGKILL): nobody would stop the rest any more, so it stops now.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stopAll(), 500).unref();

// With SITE_ROOT elsewhere the front ends are read from there: that folder's builds are its own.
const servesCheckout = !process.env.SITE_ROOT || path.resolve(process.env.SITE_ROOT) === ROOT;
const toBuild = servesCheckout ? buildsToMake() : [];
if (!apiBuildIsCurrent()) toBuild.push('@cardlift/api');
for (const pkg of toBuild) {
  if (stopping) process.exit(0);
  console.log(`Building ${pkg}...`);
  const code = await run('npm', ['run', 'build', '--silent', '-w', pkg]);
  if (code !== 0) process.exit(code);
}
if (stopping) process.exit(0);

/** Exits with `code` once every child has ended. */
let exitCode = 0;
const ended = (child, code) =>
  child.on('exit', (status, signal) => {
    if (!stopping) {
      console.error(`${child === origin ? 'The api' : 'Varnish'} stopped (${signal ?? `exit ${status}`}); stopping the rest`);
      exitCode = status || 1;
      stopAll();
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      fs.rmSync(workDir, { recursive: true, force: true });
      process.exit(exitCode || code);
    }
  });

const origin = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], { cwd: ROOT, env, stdio: 'inherit' });
const varnish = spawn(
  VARNISHD,
  [
    '-F',
    '-a',
    `${edgeHost}:${edgePort}`,
    '-f',
    vcl,
    '-s',
    `malloc,${process.env.EDGE_CACHE_SIZE || '256m'}`,
    '-n',
    path.join(workDir, 'work'),
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
children.push(origin, varnish);
ended(origin, 0);
ended(varnish, 0);

// Once the api answers through Varnish, the page a form shows when every origin is down is cached too.
const edgeUrl = `http://127.0.0.1:${edgePort}`;
for (let i = 0; i < 1200 && !stopping; i++) {
  const answer = await fetch(`${edgeUrl}/api/health`).catch(() => undefined);
  if (answer?.status === 200) {
    await fetch(`${edgeUrl}/contact-not-sent`, { headers: { 'Accept-Encoding': 'br, gzip' } }).catch(() => undefined);
    console.log(
      `\nThe site, through Varnish: http://localhost:${edgePort}\nThe api (origin), this machine only: http://127.0.0.1:${originPort}\n`,
    );
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
