/**
 * A graceful stop loses no submission already sent: sixty Talk to Sales posts on connections of their
 * own, SIGTERM once every one is written whole (most still queued in the kernel or unread); each is
 * answered 201, none reset (a balancer would not retry a POST cut after it was sent), and every one is
 * in the store the export reads, on SQLite and on PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './config';
import { startServer } from '../../test/server-process';
import { contactSubmission } from '../../test/contact-submission';
import { describeEachDatabase } from '../../test/databases';

jest.setTimeout(120_000);

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const COUNT = 60;

type Outcome = { status: number } | { error: string };

/** A contact post on a connection of its own, its answer read whole; `sent` once the body is on the wire. */
function post(url: string, body: string, sent: () => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode! }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    });
    req.once('finish', sent);
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

describeEachDatabase('a graceful stop', 'drain_posts', (database) => {
  it('answers and stores every submission already sent when stopped', async () => {
    const env = {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-drain-posts-')),
      DATABASE_URL: '',
      ...(await database.env()),
      // The drain's deadline is not under test: a slow machine must not turn into cut requests.
      DRAIN_TIMEOUT_MS: '60000',
    };
    const server = await startServer(env);
    const emails = Array.from({ length: COUNT }, (_, i) => `drain${i}@example.com`);
    let sent = 0;
    let allSent!: () => void;
    const written = new Promise<void>((resolve) => (allSent = resolve));
    const answers = emails.map((email) =>
      post(`${server.url}/api/contact`, JSON.stringify(contactSubmission({ email })), () => {
        sent += 1;
        if (sent === COUNT) allSent();
      }),
    );
    await written;
    server.child.kill('SIGTERM');
    const outcomes = await Promise.all(answers);
    expect(outcomes.filter((o) => !('status' in o) || o.status !== 201)).toEqual([]);
    expect(await server.exited()).toBe(0);
    const exported = spawnSync(TSX, [path.join(REPO_ROOT, 'api', 'src', 'leads', 'export-leads.ts'), '--format', 'json'], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });
    expect((JSON.parse(exported.stdout) as { email: string }[]).map((l) => l.email).sort()).toEqual([...emails].sort());
  });
});
