/**
 * Makes the new folder an installed workspace without a full `npm install`. The root package.json
 * lists the sections by a glob (`mf-*`), so it needs no edit; npm records the workspace in
 * package-lock.json (`--package-lock-only`: the lock alone, no download, no rebuild of native modules),
 * and the generator links `node_modules/@cardlift/<folder>` itself, as npm would.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function recordInLockfile(repoRoot: string): void {
  const npm = spawnSync('npm', ['install', '--package-lock-only', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (npm.status !== 0) throw new Error(`npm could not record the workspace in package-lock.json:\n${npm.stderr}`);
}

/** The link npm makes for a workspace; skipped (and said) where nothing is installed yet. */
export function linkWorkspace(repoRoot: string, packageDir: string): string | undefined {
  const scope = path.join(repoRoot, 'node_modules', '@cardlift');
  if (!fs.existsSync(scope)) return 'node_modules/@cardlift is missing: run npm install to link the new workspace.';
  const link = path.join(scope, packageDir);
  if (!fs.existsSync(link)) fs.symlinkSync(path.join('..', '..', packageDir), link, 'dir');
  return undefined;
}
