/**
 * A release moves the registry as a promotion does, so the CLI says so as `promote` does: a live
 * `release` and a `release --canary` that leave a scheduled promotion to be refused at its time warn
 * in the text a person reads and in the `--json` a CI reads. Against this checkout's database.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../platform/config';
import { writeRemoteBuild, writeShellServerBuild } from '../../test/fixture-builds';
import { remoteManifest, tempCheckout, writeBuild } from './test-fixtures';

const checkout = tempCheckout();
writeShellServerBuild(checkout.siteRoot, "exports.renderApp = async () => '<main>fixture page</main>';");
const env = {
  ...process.env,
  SITE_ROOT: checkout.siteRoot,
  DATA_DIR: path.join(checkout.siteRoot, 'data'),
  DATABASE_URL: '',
  RELEASE_TOKEN: '',
};

function build(marker: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-build-'));
  writeRemoteBuild(root, 'mf-invest', remoteManifest());
  const dist = path.join(root, 'mf-invest', 'dist');
  writeBuild(dist, remoteManifest(), marker);
  return dist;
}

function npmRun(script: string, ...args: string[]) {
  const run = spawnSync('npm', ['run', '-s', script, '-w', 'mf-invest', '--', ...args], { cwd: REPO_ROOT, env, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

it('warns in text and JSON when a release or a release --canary leaves a scheduled promotion to be refused', () => {
  npmRun('release', '--from-dir', build('one'), '--json');
  const candidate = (JSON.parse(npmRun('release', '--from-dir', build('two'), '--candidate', '--json')) as { version: string }).version;
  const at = new Date(Date.now() + 3_600_000).toISOString();
  npmRun('promote', '--version', candidate, '--at', at, '--json');
  const scheduled = new RegExp(`the promotion of ${candidate} to every visitor scheduled for .* will be refused`);

  const released = npmRun('release', '--from-dir', build('three'));
  expect(released).toMatch(/^Released mf_invest /);
  expect(released.split('\n')).toContainEqual(expect.stringMatching(new RegExp(`^Warning: ${scheduled.source}`)));

  const canary = JSON.parse(npmRun('release', '--from-dir', build('four'), '--canary', '10', '--json')) as { warnings: string[] };
  expect(canary.warnings).toEqual([expect.stringMatching(scheduled)]);
});
