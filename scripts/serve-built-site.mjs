// Starts the api serving the built site on a free port with a throw-away data directory (benchmarks).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';

export const REPO_ROOT = ROOT;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** `root`: the checkout whose builds are served (another built checkout, e.g. main's, for a baseline). */
export async function startSite(env = {}, root = ROOT) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-bench-'));
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'api', 'src', 'server.ts')], {
    cwd: root,
    env: { ...process.env, CONTACT_RATE_LIMIT: '0', ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`api exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/remotes`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
