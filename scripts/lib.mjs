// Small helpers shared by the root scripts (start, dev, test).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { require as requireTs } from 'tsx/cjs/api';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The table of remotes (name, package folder, dev port), read from the contracts like everything else. */
export const { REMOTES } = requireTs('../contracts/src/remotes.ts', import.meta.url);
export const FRONTENDS = ['shell', ...REMOTES.map((r) => r.packageDir)];
/** Every browser build the api serves: the site's front ends and the content editor (`/editor`). */
export const BUILDS = [...FRONTENDS, 'editor'];
export const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Runs a command in the repo root, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The build output that proves a front end is built. */
export function buildMarker(pkg) {
  const marker = { shell: 'index.html', editor: 'editor-manifest.json' }[pkg] ?? 'mf-manifest.json';
  return path.join(ROOT, pkg, 'dist', marker);
}

function missingBuilds() {
  return BUILDS.filter((pkg) => !fs.existsSync(buildMarker(pkg)));
}

/**
 * Builds to make before serving: the missing ones, and the shell's when the table of remotes changed
 * after it was built (a new section), since the shell routes paths to sections by that table.
 */
export function buildsToMake() {
  const missing = missingBuilds();
  const table = fs.statSync(path.join(ROOT, 'contracts', 'src', 'remotes.ts')).mtimeMs;
  const shellStale = !missing.includes('shell') && fs.statSync(buildMarker('shell')).mtimeMs < table;
  return shellStale ? ['shell', ...missing] : missing;
}

/** Makes sure Debian's Chromium is installed: installs it as root, otherwise says the one command to run. */
export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Chromium is missing. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
    return false;
  }
  console.log('Chromium is missing: installing the Debian package...');
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  const install =
    update.status === 0 &&
    spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return Boolean(install && install.status === 0 && fs.existsSync(CHROMIUM));
}

/** The newest modification time under `dir` (files only), skipping tests. */
function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.test\.tsx?$/.test(entry.name)) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Whether api/dist holds a compiled server newer than every source file it is built from. */
export function apiBuildIsCurrent() {
  const built = path.join(ROOT, 'api', 'dist', 'server.js');
  if (!fs.existsSync(built)) return false;
  const sources = ['api/src', 'contracts/src'].map((dir) => newestSource(path.join(ROOT, dir)));
  return fs.statSync(built).mtimeMs >= Math.max(...sources, fs.statSync(path.join(ROOT, 'api', 'build.mjs')).mtimeMs);
}
