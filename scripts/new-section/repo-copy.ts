/**
 * A throw-away copy of the repository for the generator's tests: the files git knows (tracked, and new
 * ones not ignored), with node_modules linked rather than copied. Each installed package is a symlink to
 * the checkout's, but `@cardlift/*` point into the copy, so the copy's packages import each other (and
 * its own table of remotes), and a link the generator adds lands in the copy, not the checkout.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

function linkInstalled(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from)) {
    if (entry === '@cardlift' || entry === '.package-lock.json') continue;
    fs.symlinkSync(path.join(from, entry), path.join(to, entry));
  }
}

/** Copies the repository into a new temporary folder; `builds` are packages whose dist/ comes along. */
export function copyRepo(options: { builds?: readonly string[] } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-copy-'));
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  for (const file of listed.split('\0').filter(Boolean)) {
    const source = path.join(REPO_ROOT, file);
    if (!fs.existsSync(source)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(source, path.join(dir, file));
  }
  linkInstalled(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const scope = path.join(REPO_ROOT, 'node_modules', '@cardlift');
  fs.mkdirSync(path.join(dir, 'node_modules', '@cardlift'));
  for (const entry of fs.readdirSync(scope))
    fs.symlinkSync(fs.readlinkSync(path.join(scope, entry)), path.join(dir, 'node_modules', '@cardlift', entry));
  for (const pkg of fs.readdirSync(REPO_ROOT)) {
    const nested = path.join(REPO_ROOT, pkg, 'node_modules');
    if (pkg !== 'node_modules' && fs.existsSync(nested)) linkInstalled(nested, path.join(dir, pkg, 'node_modules'));
  }
  for (const pkg of options.builds ?? [])
    fs.cpSync(path.join(REPO_ROOT, pkg, 'dist'), path.join(dir, pkg, 'dist'), { recursive: true, verbatimSymlinks: true });
  return dir;
}

export function removeCopy(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
