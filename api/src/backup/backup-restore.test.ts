/**
 * Backup, wipe, restore, as an operator runs them (`npm run backup`, `npm run restore`, from the
 * repository root): the same leads, content and its revisions, editor accounts and uploaded images
 * (byte for byte) come back; a restore into the data of a running api is refused and changes nothing;
 * a damaged archive is refused before anything is touched. `leads:backup` is the same command.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { REPO_ROOT } from '../platform/config';
import { SQLITE_FILE_NAME } from '../platform/db-connections';
import { DirectoryArtifactStore } from '../artifacts/artifact-store';
import { contactSubmission } from '../../test/contact-submission';
import { startServer, type ServerProcess } from '../../test/server-process';

// Two api processes and seven npm commands: about 20 s alone, several times that on a loaded machine.
jest.setTimeout(240_000);
const run = promisify(execFile);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-backup-restore-'));
const dataDir = path.join(root, 'data');
const releasesDir = path.join(root, 'releases');
const env = { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: releasesDir, DATABASE_URL: '' };
const npm = (args: string[]) => run('npm', ['run', '--silent', ...args], { cwd: REPO_ROOT, env });
const image = { name: `${'ab'.repeat(16)}.webp`, bytes: crypto.randomBytes(3000) };

/** Every row of the tables a restore must bring back, read from the SQLite file. */
function snapshot() {
  const db = new Database(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true, fileMustExist: true });
  try {
    const rows = (sql: string) => db.prepare(sql).all();
    return {
      leads: rows('SELECT id, email, company FROM leads ORDER BY seq'),
      items: rows('SELECT * FROM content_items ORDER BY uid'),
      revisions: rows('SELECT * FROM content_revisions ORDER BY rowid'),
      accounts: rows('SELECT email, role FROM editor_accounts ORDER BY email'),
    };
  } finally {
    db.close();
  }
}

let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited();
});

it('backs up while the api serves, refuses to restore under it, and brings everything back after a wipe', async () => {
  server = await startServer({ DATA_DIR: dataDir, RELEASES_DIR: releasesDir });
  for (const email of ['one@example.com', 'two@example.com']) {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(contactSubmission({ email })),
    });
    expect(res.status).toBe(201);
  }
  await npm(['editors', '--', 'add', 'pat@example.com', '--role', 'publisher']);
  await new DirectoryArtifactStore(releasesDir).putContentImage(image.name, image.bytes);
  const before = snapshot();
  expect(before.leads).toHaveLength(2);
  expect(before.revisions.length).toBeGreaterThan(0);

  const archive = path.join(root, 'nightly.tar.gz');
  const made = await npm(['backup', '--', archive]);
  expect(made.stdout).toMatch(
    new RegExp(
      `^Backed up 2 leads, ${before.items.length} content items \\(${before.revisions.length} revisions\\), 1 editor accounts, 0 releases \\(0 builds\\) and 1 images to ${archive}\\n$`,
    ),
  );
  expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
  await expect(npm(['leads:backup', '--', archive])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('exists already') });

  const refused = npm(['restore', '--', archive]);
  await expect(refused).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/is open in a running process \(pid \d+.*\): stop the site/),
  });
  expect(snapshot()).toEqual(before);

  server.child.kill('SIGTERM');
  expect(await server.exited()).toBe(0);
  server = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(releasesDir, { recursive: true, force: true });

  const restored = await npm(['restore', '--', archive]);
  expect(restored.stdout).toContain(
    `Restored 2 leads, ${before.items.length} content items (${before.revisions.length} revisions), 1 editor accounts, 0 releases (0 builds) and 1 images`,
  );
  expect(snapshot()).toEqual(before);
  expect(fs.readFileSync(new DirectoryArtifactStore(releasesDir).locateContentImage(image.name)!).equals(image.bytes)).toBe(true);

  // The site starts on the restored data and still has its leads.
  server = await startServer({ DATA_DIR: dataDir, RELEASES_DIR: releasesDir });
  expect(snapshot().leads).toEqual(before.leads);
});

it('refuses a damaged archive before touching anything', async () => {
  const damaged = path.join(root, 'damaged.tar.gz');
  fs.writeFileSync(damaged, crypto.randomBytes(500));
  await expect(npm(['restore', '--', damaged])).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('is not a backup archive'),
  });
});
