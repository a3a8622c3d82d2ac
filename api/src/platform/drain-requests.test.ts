/**
 * A graceful stop finishes every request already sent, as a load balancer meets it. Sixty page
 * requests on connections of their own, SIGTERM once every one is connected and its request written
 * (most still in the kernel's accept queue or unread while the server renders the first): each is
 * answered whole, none reset. A kept-alive connection idle at the stop is closed with a FIN; one whose
 * next request is in progress gets its answer, marked `Connection: close`, and then the FIN.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startServer } from '../../test/server-process';
import { contactSubmission } from '../../test/contact-submission';

jest.setTimeout(120_000);

/** A data folder of its own; the drain's deadline is not under test here: a slow machine must not turn into cut requests. */
const env = () => ({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-drain-')), DRAIN_TIMEOUT_MS: '60000' });

type Outcome = { status: number } | { error: string };

/** A GET on a connection of its own, its answer read whole; `sent` once the request is on the wire. */
function get(url: string, sent: () => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.once('finish', sent);
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

it('answers every request already sent when stopped, none reset', async () => {
  const server = await startServer({ SITE_ROOT: writeFixtureSite(), ...env() });
  const pages = ['/', '/company/careers', '/invest', '/blog', '/privacy'];
  let sent = 0;
  let allSent!: () => void;
  const written = new Promise<void>((resolve) => (allSent = resolve));
  const answers = Array.from({ length: 60 }, (_, i) =>
    get(`${server.url}${pages[i % pages.length]}`, () => {
      sent += 1;
      if (sent === 60) allSent();
    }),
  );
  await written;
  server.child.kill('SIGTERM');
  const outcomes = await Promise.all(answers);
  expect(outcomes.filter((o) => !('status' in o) || o.status !== 200)).toEqual([]);
  expect(await server.exited()).toBe(0);
});

/** A raw connection: what it has received, and whether it ended with a FIN (not a reset). */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  const waiters = new Set<() => void>();
  socket.on('data', (chunk) => {
    text += chunk.toString();
    waiters.forEach((wake) => wake());
  });
  const ended = new Promise<string>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.on('end', () => resolve('FIN'));
  });
  return {
    socket,
    text: () => text,
    ended,
    /** Resolves once what was received matches `pattern`. */
    until: (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (!pattern.test(text)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
  };
}

const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
/** A whole answer to HEALTH: its JSON body closes with a brace. */
const ANSWERED = /HTTP\/1\.1 200 OK[\s\S]*\r\n\r\n\{[\s\S]*\}$/;

it('closes kept-alive connections after their answer, with Connection: close on the last', async () => {
  const server = await startServer({ LOG_LEVEL: 'info', ...env() });
  const idle = rawConnection(server.port);
  const busy = rawConnection(server.port);
  idle.socket.write(HEALTH);
  busy.socket.write(HEALTH);
  await Promise.all([idle.until(ANSWERED), busy.until(ANSWERED)]);
  expect(idle.text()).toMatch(/Connection: keep-alive/i);
  // The busy connection's next request is in progress when the stop begins: 100 Continue says its
  // headers have been read; its body follows once the server has stopped accepting.
  const body = JSON.stringify(contactSubmission({ email: 'kept-alive@example.com' }));
  busy.socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
  );
  await busy.until(/100 Continue/);
  server.child.kill('SIGTERM');
  await server.waitForOutput(/shutting down/);
  expect(await idle.ended).toBe('FIN');
  busy.socket.write(body);
  expect(await busy.ended).toBe('FIN');
  const last = busy.text().slice(busy.text().lastIndexOf('HTTP/1.1 '));
  expect(last).toMatch(/^HTTP\/1\.1 201 Created/);
  expect(last).toMatch(/\r\nConnection: close\r\n/i);
  expect(await server.exited()).toBe(0);
});
