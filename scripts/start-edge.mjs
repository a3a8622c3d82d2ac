// `npm run start:edge`: the site as `npm start` serves it, with Varnish in front (the shipped VCL,
// deploy/varnish): Varnish on EDGE_PORT (default 8080), the api on PORT (default 3000), every change
// purged on that Varnish. Prints both addresses. Needs Debian's varnish and varnish-modules.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildsToMake, ROOT, run } from './lib.mjs';

const VARNISHD = ['/usr/sbin/varnishd', '/usr/local/sbin/varnishd'].find((file) => fs.existsSync(file));
if (!VARNISHD) {
  console.error('Varnish is not installed. Install it with: sudo apt-get update && sudo apt-get install -y varnish varnish-modules');
  process.exit(1);
}

const originPort = Number(process.env.PORT || 3000);
const edgePort = Number(process.env.EDGE_PORT || 8080);
const edgeHost = process.env.EDGE_HOST || '0.0.0.0';
// Varnish reads its VCL as its own unprivileged user: a folder of its own that it may read.
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-edge-'));
fs.chmodSync(workDir, 0o755);

// The shipped example, pointed at this api, including the shipped rules by their absolute path.
const vclDir = path.join(ROOT, 'deploy', 'varnish');
const vcl = path.join(workDir, 'main.vcl');
fs.writeFileSync(
  vcl,
  fs
    .readFileSync(path.join(vclDir, 'default.vcl'), 'utf8')
    .replace('.port = "3000"', `.port = "${originPort}"`)
    .replace('include "cardlift.vcl"', `include "${path.join(vclDir, 'cardlift.vcl')}"`),
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
  // Varnish is the one proxy in front: its X-Forwarded-For entry names the visitor.
  TRUST_PROXY_HOPS: process.env.TRUST_PROXY_HOPS || '1',
  EDGE_PURGE: process.env.EDGE_PURGE || `varnish:http://127.0.0.1:${edgePort}`,
};
const children = [];
const stopAll = (code) => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

// What `npm start` does: build whatever is missing, then the api, run by node itself (tsx as a
// loader), so stopping this command stops it too.
for (const pkg of buildsToMake()) {
  console.log(`Building ${pkg}...`);
  const code = await run('npm', ['run', 'build', '--silent', '-w', pkg]);
  if (code !== 0) process.exit(code);
}
const origin = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'server.ts')], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
children.push(origin);
origin.on('exit', (code) => stopAll(code ?? 0));

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
children.push(varnish);
varnish.on('exit', (code) => {
  if (origin.exitCode === null) console.error(`Varnish stopped (exit ${code}); stopping the api`);
  stopAll(code ?? 1);
});

// Once the api answers through Varnish, the page a form shows when every origin is down is cached too.
const edgeUrl = `http://127.0.0.1:${edgePort}`;
for (let i = 0; i < 1200 && origin.exitCode === null; i++) {
  const answer = await fetch(`${edgeUrl}/api/health`).catch(() => undefined);
  if (answer?.status === 200) {
    await fetch(`${edgeUrl}/contact-not-sent`, { headers: { 'Accept-Encoding': 'br, gzip' } }).catch(() => undefined);
    console.log(`\nThe site, through Varnish: http://localhost:${edgePort}\nThe api (origin) itself:   http://localhost:${originPort}\n`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
