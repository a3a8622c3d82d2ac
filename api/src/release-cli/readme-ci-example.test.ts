/**
 * The README's CI example, run as written against a running site: a canary of 10 %, its promotion to
 * everyone scheduled for the launch, then the rollback line. Only what a test must supply is replaced:
 * the site's address, the token, a build instead of `npm run build`, the launch time (an hour from
 * now) and where release.json is written. The rollback ends the canary and says the scheduled
 * promotion it leaves with nothing to complete will be refused at its time.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { REPO_ROOT } from '../platform/config';
import { writeReleasableSite } from '../../test/fixture-builds';
import { releasableBuild } from '../../test/release-bombs';
import { startServer, type ServerProcess } from '../../test/server-process';
import { shellManifest } from '../releases/test-fixtures';

jest.setTimeout(180_000);
const TOKEN = 'invest-token';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-readme-ci-'));

/** The shell block that follows "A team's CI, for example:" in the README. */
function readmeExample(): string[] {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const block = /A team's CI, for example:\n\n```sh\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('the README has no CI example after "A team\'s CI, for example:"');
  return block[1]!.split('\n');
}

let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited();
});

it("runs the README's CI example as written: a canary, its launch scheduled, then the rollback line", async () => {
  server = await startServer({
    SITE_ROOT: writeReleasableSite(shellManifest),
    DATA_DIR: path.join(work, 'data'),
    RELEASES_DIR: path.join(work, 'releases'),
    DATABASE_URL: '',
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
  });
  const dist = path.join(work, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(work, 'build.tgz'), releasableBuild('readme'));
  await tar.extract({ file: path.join(work, 'build.tgz'), cwd: dist });
  const launch = new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const lines = readmeExample();
  expect(lines[0]).toMatch(/^npm run build -w mf-invest/);
  const script = lines
    .slice(1)
    .join('\n')
    .replaceAll('https://www.example.org', server.url)
    .replaceAll('mf-invest/dist', dist)
    .replaceAll('./release.json', path.join(work, 'release.json'))
    .replaceAll('> release.json', `> ${path.join(work, 'release.json')}`)
    .replaceAll('2026-12-01T14:00:00Z', launch);
  const run = spawnSync('bash', ['-e', '-c', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, MF_INVEST_TOKEN: TOKEN, CI_COMMIT_TITLE: 'The launch', CI_JOB_URL: 'https://ci.example.org/job/1' },
  });
  expect([run.status, run.stderr]).toEqual([0, '']);
  const version = (JSON.parse(fs.readFileSync(path.join(work, 'release.json'), 'utf8')) as { version: string }).version;
  expect(run.stdout).toContain(`mf_invest ${version} goes live to every visitor at ${new Date(launch).toISOString()}`);
  expect(run.stdout).toContain(`Ended the canary of mf_invest ${version} (10 %)`);
  expect(run.stdout).toContain(
    `Warning: the promotion of ${version} to every visitor scheduled for ${new Date(launch).toISOString()} is still set`,
  );
});
