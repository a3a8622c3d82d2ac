/**
 * Durability through the real process: submissions race a `kill -9`; after a restart every lead
 * that was acknowledged with 201 is there (and the export CLI prints it). SIGTERM with a request in
 * flight: that request is answered and stored, then the process exits 0. Broken content stops the start.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './platform/config';
import { freePort, spawnServer, startServer } from '../test/server-process';
import { contactSubmission } from '../test/contact-submission';

jest.setTimeout(60_000);

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const lead = (n: number) => contactSubmission({ firstName: `Crash${n}`, email: `crash${n}@example.com` });

describe('the real server process', () => {
  it('keeps every acknowledged lead across kill -9', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-crash-'));
    const server = await startServer({ DATA_DIR: dataDir });
    const port = server.port;
    const acknowledged: string[] = [];
    let n = 0;
    let killed = false;
    const errors: string[] = [];
    // Eight clients submit back to back; the kill lands while requests are in flight. Each client
    // goes on until a request of its own fails after the kill, so every one meets the dead server.
    const client = async () => {
      for (;;) {
        const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(lead(n++)),
        }).catch((error: unknown) => {
          errors.push(String((error as { cause?: unknown }).cause ?? error));
          return undefined;
        });
        if (!res && killed) return;
        // A refused connection fails within a microtask: yield, or this loop would starve the timers.
        if (!res) await new Promise((r) => setImmediate(r));
        if (res?.status === 201) acknowledged.push(((await res.json().catch(() => ({}))) as { id?: string }).id ?? 'unreadable');
      }
    };
    const clients = Array.from({ length: 8 }, client);
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    server.child.kill('SIGKILL');
    killed = true;
    await Promise.all(clients);
    await server.exited();
    // Some requests were refused or cut off by the kill; those were never acknowledged.
    expect(n).toBeGreaterThanOrEqual(acknowledged.length);
    expect(errors.length).toBeGreaterThan(0);

    const restarted = await startServer({ DATA_DIR: dataDir });
    try {
      const exported = spawnSync(TSX, [path.join(REPO_ROOT, 'api', 'src', 'leads', 'export-leads.ts'), '--format', 'json'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(exported.status).toBe(0);
      const stored = new Set((JSON.parse(exported.stdout) as { id: string }[]).map((l) => l.id));
      const missing = acknowledged.filter((id) => !stored.has(id));
      expect(missing).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
      // Still takes leads after the restart.
      const after = await fetch(`${restarted.url}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(lead(-1)),
      });
      expect(after.status).toBe(201);
    } finally {
      restarted.child.kill('SIGTERM');
      expect(await restarted.exited()).toBe(0);
    }
  });

  it('on SIGTERM, answers and stores the request in flight, refuses new ones, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-drain-'));
    const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const body = JSON.stringify(lead(7));
    // A submission whose body is still arriving when the signal lands.
    const socket = net.connect(server.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    const headersRead = new Promise<void>((resolve) => socket.on('data', () => /100 Continue/.test(text) && resolve()));
    const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
    // Expect: 100-continue makes the server say when it has read the headers: the request is then in flight.
    socket.write(
      `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await headersRead;
    socket.write(body.slice(0, 10));
    server.child.kill('SIGTERM');
    await server.waitForOutput(/shutting down/);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    socket.end(body.slice(10));
    expect(await answer).toMatch(/HTTP\/1\.1 201 Created/);
    expect(await server.exited()).toBe(0);
    const exported = spawnSync(TSX, [path.join(REPO_ROOT, 'api', 'src', 'leads', 'export-leads.ts'), '--format', 'json'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect((JSON.parse(exported.stdout) as { email: string }[]).map((l) => l.email)).toEqual(['crash7@example.com']);
  });

  it('refuses to start on broken content, naming the file and the field', async () => {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-broken-content-'));
    fs.cpSync(path.join(REPO_ROOT, 'api', 'content'), contentDir, { recursive: true });
    const post = path.join(contentDir, 'blog', 'measuring-incrementality.json');
    const broken = { ...JSON.parse(fs.readFileSync(post, 'utf8')), title: 42 };
    fs.writeFileSync(post, JSON.stringify(broken));
    const port = await freePort();
    const server = spawnServer(
      { CONTENT_DIR: contentDir, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-broken-data-')) },
      port,
    );
    expect(await server.exited()).toBe(1);
    expect(server.output()).toMatch(/api failed to start: .*measuring-incrementality\.json/);
    expect(server.output()).toMatch(/title/);
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
