/**
 * Release, rollback and listing of one remote. A release builds the remote on its own, checks the
 * build against the shell that will load it, copies it to `<releasesDir>/<remote>/<version>/` and
 * repoints the registry (history.json). The api reads the registry on every request, so the next
 * page load gets the new version: no api restart, no shell rebuild, no other remote rebuilt.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RemoteName } from '../contracts';
import { readReleaseHistory, updateReleaseHistory, type Release, type RemoteHistory } from '../services/release-store';
import { buildRemote, contentHash, publishBuild } from './build-output';
import { verifyBuild } from './compatibility';
import { readManifest } from './manifest';
import { packageDir, shellBuildDir, type ReleaseSettings } from './settings';

/** A release or rollback that was refused; the registry is unchanged. */
export class ReleaseRefused extends Error {
  constructor(
    message: string,
    readonly reasons: string[] = [],
  ) {
    super(reasons.length ? `${message}:\n${reasons.map((r) => `  - ${r}`).join('\n')}` : message);
    this.name = 'ReleaseRefused';
  }
}

export interface ReleaseOptions extends ReleaseSettings {
  remote: RemoteName;
  /** Promote an existing build directory (e.g. a CI artifact) instead of building. */
  fromDir?: string;
  /** How to build; defaults to the remote's own `npm run build`. */
  build?: (pkgDir: string, outDir: string) => Promise<void>;
  now?: () => Date;
}

export interface ReleaseOutcome {
  version: string;
  previous: string | null;
  /** False when this exact build was already released (its directory is reused, never rewritten). */
  published: boolean;
  alreadyCurrent: boolean;
}

function packageVersion(pkgDir: string): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version?: string };
  return version ?? '0.0.0';
}

function gitSha(siteRoot: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: siteRoot, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}

function shellManifest(siteRoot: string) {
  const read = readManifest(shellBuildDir(siteRoot));
  if (!read.ok) throw new ReleaseRefused('cannot check compatibility with the shell', [`${read.problem} (build the shell: npm run build -w shell)`]);
  return read.manifest;
}

async function obtainBuild(options: ReleaseOptions): Promise<{ dir: string; cleanup: () => void }> {
  if (options.fromDir) return { dir: path.resolve(options.fromDir), cleanup: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `release-${options.remote}-`));
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    await (options.build ?? buildRemote)(packageDir(options.siteRoot, options.remote), dir);
  } catch (error) {
    cleanup();
    throw new ReleaseRefused(`${options.remote} was not released`, [(error as Error).message]);
  }
  return { dir, cleanup };
}

export async function releaseRemote(options: ReleaseOptions): Promise<ReleaseOutcome> {
  const { remote, releasesDir, siteRoot } = options;
  const shell = shellManifest(siteRoot);
  const build = await obtainBuild(options);
  try {
    const read = readManifest(build.dir);
    const problems = read.ok
      ? verifyBuild({ manifest: read.manifest, shellManifest: shell, buildDir: build.dir, federationName: remote })
      : [read.problem];
    if (problems.length) throw new ReleaseRefused(`${remote} was not released, the registry is unchanged`, problems);

    const version = `${packageVersion(packageDir(siteRoot, remote))}-${contentHash(build.dir)}`;
    const published = publishBuild(build.dir, path.join(releasesDir, remote, version));
    const release: Release = { version, releasedAt: (options.now?.() ?? new Date()).toISOString() };
    const sha = gitSha(siteRoot);
    if (sha) release.gitSha = sha;

    return updateReleaseHistory<ReleaseOutcome>(releasesDir, (history) => {
      const mine: RemoteHistory = history[remote] ?? { current: null, releases: [] };
      const previous = mine.current;
      if (previous === version) return { result: { version, previous, published, alreadyCurrent: true } };
      // A re-release of an older build moves it to the end: the list reads in promotion order.
      const releases = [...mine.releases.filter((r) => r.version !== version), release];
      return {
        history: { ...history, [remote]: { current: version, releases } },
        result: { version, previous, published, alreadyCurrent: false },
      };
    });
  } finally {
    build.cleanup();
  }
}

/** Repoints to the release before the current one, or to `to` when given. */
function withoutMark({ rolledBackAt: _ignored, ...release }: Release): Release {
  return release;
}

export function rollbackRemote(options: ReleaseSettings & { remote: RemoteName; to?: string; now?: () => Date }): { from: string; to: string } {
  const { remote, releasesDir } = options;
  return updateReleaseHistory(releasesDir, (history) => {
    const mine = history[remote];
    if (!mine || mine.releases.length === 0) throw new ReleaseRefused(`${remote} has no releases yet: nothing to roll back to`);
    if (!mine.current) throw new ReleaseRefused(`${remote} is not on a release (it serves the checkout build): nothing to roll back`);
    const index = mine.releases.findIndex((r) => r.version === mine.current);
    const earlier = mine.releases.slice(0, Math.max(index, 0)).filter((r) => !r.rolledBackAt);
    const target = options.to ?? earlier.at(-1)?.version;
    if (!target) throw new ReleaseRefused(`${remote} has no earlier release to roll back to (current: ${mine.current})`);
    if (!mine.releases.some((r) => r.version === target)) throw new ReleaseRefused(`${remote} has no release ${target}`);
    if (target === mine.current) throw new ReleaseRefused(`${remote} is already on ${target}`);
    if (!fs.existsSync(path.join(releasesDir, remote, target, 'mf-manifest.json'))) {
      throw new ReleaseRefused(`the files of ${remote} ${target} are missing from ${path.join(releasesDir, remote)}: not rolling back to it`);
    }
    const from = mine.current;
    const at = (options.now?.() ?? new Date()).toISOString();
    const releases = mine.releases.map((r) => (r.version === from ? { ...r, rolledBackAt: at } : r.version === target ? withoutMark(r) : r));
    return { history: { ...history, [remote]: { current: target, releases } }, result: { from, to: target } };
  });
}

export interface ListedRelease extends Release {
  current: boolean;
}

export function listReleases(options: ReleaseSettings & { remote: RemoteName }): { current: string | null; releases: ListedRelease[] } {
  const mine = readReleaseHistory(options.releasesDir)[options.remote];
  const current = mine?.current ?? null;
  return { current, releases: (mine?.releases ?? []).map((r) => ({ ...r, current: r.version === current })) };
}
