/**
 * The release CLI against this checkout's database, as a team types it (`npm run -s <script> -w
 * mf-invest -- args`): a fixture site whose shell renders, with builds of mf-invest it accepts.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/platform/config';
import { remoteManifest, tempCheckout, writeBuild } from '../src/releases/test-fixtures';
import { writeRemoteBuild, writeShellServerBuild } from './fixture-builds';

export function releaseCliCheckout() {
  const checkout = tempCheckout();
  writeShellServerBuild(checkout.siteRoot, "exports.renderApp = async () => '<main>fixture page</main>';");
  const env = {
    ...process.env,
    SITE_ROOT: checkout.siteRoot,
    DATA_DIR: path.join(checkout.siteRoot, 'data'),
    DATABASE_URL: '',
    RELEASE_TOKEN: '',
  };
  return {
    /** A build of mf-invest the fixture shell accepts (a page table that renders), in a folder of its own. */
    build(marker: string): string {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-build-'));
      writeRemoteBuild(root, 'mf-invest', remoteManifest());
      const dist = path.join(root, 'mf-invest', 'dist');
      writeBuild(dist, remoteManifest(), marker);
      return dist;
    },
    /** `npm run -s <script> -w mf-invest -- args`, as the README tells a team to type it. */
    npmRun(script: string, ...args: string[]) {
      const run = spawnSync('npm', ['run', '-s', script, '-w', 'mf-invest', '--', ...args], { cwd: REPO_ROOT, env, encoding: 'utf8' });
      return { code: run.status, stdout: run.stdout, stderr: run.stderr };
    },
  };
}
