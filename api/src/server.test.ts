/**
 * Durability through the real process: submissions race a `kill -9`; after a restart every lead
 * that was acknowledged with 201 is there (and the export CLI prints it). Also: SIGTERM exits cleanly.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForReady } from '../../e2e/support/site';
import { REPO_ROOT } from './config';

jest.setTimeout(60_000);

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const SERVER = path.join(REPO_ROOT, 'api', 'src', 'server.ts');
const lead = (n: number) => ({
  firstName: `Crash${n}`,
  lastName: 'Test',
  email: `crash${n}@example.com`,
  jobTitle: 'Tester',
  company: 'Durability Ltd',
  businessHelp: 'other',
});

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(TSX, [SERVER], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CONTACT_RATE_LIMIT: '0', LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: 'ignore',
    // tsx runs the server in a child process of its own: a process group lets kill -9 reach both.
    detached: true,
  });
  try {
    await waitForReady(`http://127.0.0.1:${port}/api/ready`, child, 20_000);
  } catch (error) {
    process.kill(-(child.pid as number), 'SIGKILL');
    throw error;
  }
  return child;
}

/** Exit code once the process has ended (null when a signal ended it; exitCode alone stays null then). */
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );

describe('the real server process', () => {
  it('keeps every acknowledged lead across kill -9', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-crash-'));
    const port = await freePort();
    const server = await startServer(dataDir, port);
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const errors: string[] = [];
    // Eight clients submit back to back; the kill lands while requests are in flight.
    const client = async () => {
      while (!killed) {
        const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(lead(n++)),
        }).catch((error: unknown) => {
          errors.push(String((error as { cause?: unknown }).cause ?? error));
          return undefined;
        });
        // A refused connection fails within a microtask: yield, or this loop would starve the timers.
        if (!res) await new Promise((r) => setImmediate(r));
        if (res?.status === 201) acknowledged.push(((await res.json().catch(() => ({}))) as { id?: string }).id ?? 'unreadable');
      }
    };
    const clients = Array.from({ length: 8 }, client);
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    process.kill(-(server.pid as number), 'SIGKILL');
    killed = true;
    await Promise.all(clients);
    await exited(server);
    // Some requests were refused or cut off by the kill; those were never acknowledged.
    expect(n).toBeGreaterThanOrEqual(acknowledged.length);
    expect(errors.length).toBeGreaterThan(0);

    const restarted = await startServer(dataDir, port);
    try {
      const exported = spawnSync(TSX, [path.join(REPO_ROOT, 'api', 'src', 'cli', 'export-leads.ts'), '--format', 'json'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(exported.status).toBe(0);
      const stored = new Set((JSON.parse(exported.stdout) as { id: string }[]).map((l) => l.id));
      const missing = acknowledged.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
      // Still takes leads after the restart.
      const after = await fetch(`http://127.0.0.1:${port}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(lead(-1)),
      });
      expect(after.status).toBe(201);
    } finally {
      restarted.kill('SIGTERM');
      expect(await exited(restarted)).toBe(0);
    }
  });
});
