/**
 * The README's own lead commands, run as a user runs them (`npm run ... ` from the repository root)
 * against a running api: they print what they promise and exit 0, so a nightly job sees success.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { contactSubmission } from '../../test/contact-submission';
import { startServer, type ServerProcess } from '../../test/server-process';

jest.setTimeout(120_000);
const run = promisify(execFile);
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

let server: ServerProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-lead-commands-'));
const emails = ['one@example.com', 'two@example.com', 'three@example.com'];

beforeAll(async () => {
  server = await startServer({ DATA_DIR: dataDir });
  for (const email of emails) {
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(contactSubmission({ email })),
    });
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited();
});

const npm = (args: string[]) => run('npm', args, { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

describe('the lead commands of the README', () => {
  it('npm run leads:export prints every lead and exits 0', async () => {
    const { stdout } = await npm(['run', 'leads:export', '--silent']);
    for (const email of emails) expect(stdout).toContain(email);
    const json = await npm(['run', 'leads:export', '--silent', '--', '--format', 'json']);
    expect((JSON.parse(json.stdout) as { email: string }[]).map((l) => l.email)).toEqual(emails);
  });

  it('npm run leads:backup (the same as npm run backup) archives the database while the api serves, and exits 0', async () => {
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-backup-')), 'leads-backup.tar.gz');
    const { stdout } = await npm(['run', 'leads:backup', '--silent', '--', target]);
    expect(stdout).toMatch(new RegExp(`^Backed up 3 leads, .* to ${target}\\n$`));
    expect(fs.statSync(target).mode & 0o777).toBe(0o600);
    // The api still takes leads after the backup.
    const res = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(contactSubmission({ email: 'four@example.com' })),
    });
    expect(res.status).toBe(201);
  });

  it('npm run leads:backup refuses to overwrite a file, and says so', async () => {
    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-backup-')), 'taken.tar.gz');
    fs.writeFileSync(target, 'precious');
    await expect(npm(['run', 'leads:backup', '--silent', '--', target])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('exists already'),
    });
    expect(fs.readFileSync(target, 'utf8')).toBe('precious');
  });

  it('npm run leads:resend says when no notification failed, and exits 0', async () => {
    const { stdout } = await npm(['run', 'leads:resend', '--silent']);
    expect(stdout).toContain('No failed lead notifications: nothing to send again.');
  });
});
