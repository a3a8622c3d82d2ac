/**
 * Starts the real api (serving the built site) on a free port with its own data directory.
 * Tests that need a private server (kill -9, releases) start their own; the rest share one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freePort, SERVER, waitForReady } from '../../api/test/server-process';

export { freePort };
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export interface Site {
  baseUrl: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a site; `env.PORT` reuses a port (a restart the open tabs must reach again), else a free one. */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-e2e-'));
  // Node itself runs the server (tsx as a loader, not as a wrapper process), so a signal, SIGKILL
  // included, reaches the server and not a launcher that would leave it running.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      CONTACT_RATE_LIMIT: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(`${baseUrl}/api/remotes`, child);
  return {
    baseUrl,
    port,
    dataDir,
    process: child,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** The registry version a site serves for a remote. */
export async function servedVersion(baseUrl: string, remote: string): Promise<string | undefined> {
  const entries = (await (await fetch(`${baseUrl}/api/remotes`)).json()) as { name: string; version: string }[];
  return entries.find((e) => e.name === remote)?.version;
}

/**
 * Waits until the site serves `version` of `remote` (every instance follows the shared registry
 * within about a second) and says how long it took; throws after `timeoutMs`.
 */
export async function waitForVersion(baseUrl: string, remote: string, version: string, timeoutMs = 2_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    const served = await servedVersion(baseUrl, remote);
    if (served === version) return performance.now() - start;
    if (performance.now() - start > timeoutMs)
      throw new Error(`${baseUrl} still serves ${remote} ${served} after ${timeoutMs} ms, not ${version}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
