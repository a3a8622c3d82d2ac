/**
 * The SQLite file beside the running api is opened by other programs too: the sqlite3 shell, a
 * backup, a script. Each runs in a process of its own, with SQLite's own locks as the only agreement,
 * so these tests use another process with another SQLite library: Python's (its standard library
 * has one; the machines this project runs on have python3).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { contactSubmission } from '../../test/contact-submission';
import { startServer, type ServerProcess } from '../../test/server-process';
import { SQLITE_FILE_NAME } from '../platform/db-connections';

jest.setTimeout(90_000);

const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.child.kill('SIGKILL');
    await s.exited();
  }
});

const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-sqlite-clients-'));

async function postLead(url: string, email: string): Promise<Response> {
  return fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(contactSubmission({ email })),
  });
}

const python = spawnSync('python3', ['-c', 'import sqlite3']).status === 0;
if (!python) console.warn('python3 with sqlite3 not found: the tests of other SQLite clients are skipped');
const withPython = python ? describe : describe.skip;

/** Runs a Python `script` with its own SQLite in a process of its own; resolves with what it printed. */
function otherProcess(script: string, args: string[], ready?: (line: string) => void): { done: Promise<string> } {
  const child = spawn('python3', ['-u', '-c', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    ready?.(out);
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<string>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`other process exited ${code}: ${out}`)))),
  );
  return { done };
}

/** What `sqlite3 leads.sqlite 'select count(*) from leads'` does: open, read, close. */
const READ_AND_CLOSE = `
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute('SELECT COUNT(*) FROM leads').fetchone()[0])
db.close()
`;

/** Holds SQLite's write lock (BEGIN IMMEDIATE) for argv[2] ms, printing "locked" once it has it. */
const HOLD_WRITE_LOCK = `
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute('BEGIN IMMEDIATE')
print('locked')
time.sleep(int(sys.argv[2]) / 1000)
db.execute('ROLLBACK')
db.close()
`;

/** An api on a fresh data directory, and another process that has taken the file's write lock for `ms`. */
async function apiWithLockHeld(ms: number) {
  const dataDir = freshDataDir();
  const server = await startServer({ DATA_DIR: dataDir });
  servers.push(server);
  let locked!: () => void;
  const hasLock = new Promise<void>((resolve) => (locked = resolve));
  const holder = otherProcess(
    HOLD_WRITE_LOCK,
    [path.join(dataDir, SQLITE_FILE_NAME), String(ms)],
    (out) => out.includes('locked') && locked(),
  );
  await hasLock;
  return { dataDir, server, holder };
}

const storedEmails = (dataDir: string): string[] => {
  const db = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT email FROM leads ORDER BY seq').all() as { email: string }[]).map((r) => r.email);
  } finally {
    db.close();
  }
};

withPython('the SQLite file shared with other programs', () => {
  it('keeps every acknowledged lead when another client reads the file and closes it, then the api is killed', async () => {
    const dataDir = freshDataDir();
    const server = await startServer({ DATA_DIR: dataDir });
    servers.push(server);
    expect((await postLead(server.url, 'a@example.com')).status).toBe(201);

    // The sqlite3 shell's `select count(*)`: it opens, reads and closes. Were the api's lock gone, this
    // close would checkpoint and delete the -wal file the api goes on writing into.
    const seen = await otherProcess(READ_AND_CLOSE, [path.join(dataDir, SQLITE_FILE_NAME)]).done;
    expect(seen.trim()).toBe('1');
    expect(fs.existsSync(path.join(dataDir, `${SQLITE_FILE_NAME}-wal`))).toBe(true);

    const later = ['b@example.com', 'c@example.com'];
    for (const email of later) expect((await postLead(server.url, email)).status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited();

    expect(storedEmails(dataDir)).toEqual(['a@example.com', ...later]);
  });

  it('makes a lead wait while another process holds the write lock, and stores it once the lock is gone', async () => {
    const { dataDir, server, holder } = await apiWithLockHeld(1500);

    const started = Date.now();
    const answer = postLead(server.url, 'waited@example.com');
    // Meanwhile the api still answers others: the wait happens between event-loop turns.
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    await holder.done;
    expect((await answer).status).toBe(201);
    expect(storedEmails(dataDir)).toEqual(['waited@example.com']);
  });

  it('refuses a lead with 503 and Retry-After when the lock is held past the wait, and stores nothing anywhere', async () => {
    // Held past the api's 5 s wait.
    const { dataDir, server, holder } = await apiWithLockHeld(7000);

    const answer = await postLead(server.url, 'refused@example.com');
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect((await answer.json()).error).toMatch(/couldn't save your message just now/);
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(503);

    await holder.done;
    server.child.kill('SIGKILL');
    await server.exited();
    expect(storedEmails(dataDir)).toEqual([]);
  });
});
