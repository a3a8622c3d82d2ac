/**
 * `npm start` as a process manager uses it (systemd, `docker stop`): SIGTERM to the pid it started,
 * which is npm's. The whole tree drains: a request in flight is answered, a new connection is refused
 * once draining has begun, every process of the tree is gone and npm exits 0. The site served is a
 * fixture (SITE_ROOT), so no front end is built; the api is compiled if its build is missing.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeFixtureSite } from '../test/fixture-builds';
import { alive, processTree } from '../test/process-tree';
import { contactSubmission } from '../test/contact-submission';
import { freePort, spawnWatched, waitForReady } from '../test/server-process';

jest.setTimeout(120_000);

it('drains on SIGTERM to the pid of npm start: the request in flight answered, new ones refused, every process gone, exit 0', async () => {
  const port = await freePort();
  const drainTimeoutMs = 15_000;
  const started = spawnWatched(
    'npm',
    ['start', '--silent'],
    {
      SITE_ROOT: writeFixtureSite(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-npm-start-')),
      LOG_LEVEL: 'info',
      DRAIN_TIMEOUT_MS: String(drainTimeoutMs),
    },
    port,
  );
  try {
    await waitForReady(`${started.url}/api/ready`, started.child, 90_000);
  } catch (error) {
    started.child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${started.output()}`);
  }
  const tree = processTree(started.child.pid!);
  expect(tree.length).toBeGreaterThanOrEqual(2);

  // A submission whose body is still arriving when the signal lands (Expect: 100-continue tells
  // when the server has read the headers: the request is then in flight).
  const body = JSON.stringify(contactSubmission({ email: 'draining@example.com' }));
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += chunk.toString()));
  const headersRead = new Promise<void>((resolve) => socket.on('data', () => /100 Continue/.test(text) && resolve()));
  const answer = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await headersRead;
  socket.write(body.slice(0, 10));

  const signalled = performance.now();
  process.kill(started.child.pid!, 'SIGTERM');
  await started.waitForOutput(/shutting down/);
  await expect(fetch(`${started.url}/api/health`)).rejects.toThrow();
  socket.end(body.slice(10));
  // Answered, and the kept-alive connection closed by the server once draining.
  expect(await answer).toMatch(/HTTP\/1\.1 201 Created[\s\S]*Connection: close/i);

  expect(await started.exited()).toBe(0);
  expect(performance.now() - signalled).toBeLessThan(drainTimeoutMs);
  expect(tree.filter(alive)).toEqual([]);
});
