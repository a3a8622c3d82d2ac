/**
 * The remote registry: for each remote, the manifest the shell should load. Built per request from
 * the current versions this instance follows (releases/registry-follower.ts), so a release or
 * rollback takes effect on the next page load without a restart.
 *
 * Precedence per remote: REMOTE_<NAME>_ENTRY env var > REMOTES_FILE > preview cookie > current
 * release > checkout build (named by its content, build-ids.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, REMOTES, remoteRegistrySchema, type RemoteEntry, type RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';

/** Where builds are read from: the checkout's (`<siteRoot>/<package>/dist`) and the artifact store. */
export type BuildRoots = Pick<AppConfig, 'siteRoot' | 'releasesDir'>;
import { DirectoryArtifactStore } from '../artifacts/artifact-store';
import { checkoutVersion } from '../releases/build-ids';
import { MANIFEST_FILE } from '../artifacts/manifest';

/** Package directory of a remote: `mf_invest` -> `mf-invest` (the table of remotes says). */
export function packageDirOf(name: RemoteName): string {
  return REMOTES.find((r) => r.name === name)?.packageDir ?? name;
}

/**
 * The name under which the checkout build (`mf-invest/dist`) was served, live, before checkout
 * builds were named by their content (build-ids.ts). Still answered from the checkout, for tabs
 * opened before that; never given out any more.
 */
export const LOCAL_VERSION = 'local';

/** Current version per remote; a remote missing here serves its checkout build. */
export type CurrentVersions = ReadonlyMap<RemoteName, string>;

/** URL path under which the api serves a remote build of a version. */
export function remoteBasePath(name: RemoteName, version: string): string {
  return `/remotes/${name}/${version}/`;
}

function envOverride(name: RemoteName): string | undefined {
  return process.env[`REMOTE_${name.toUpperCase()}_ENTRY`] || undefined;
}

function fileOverrides(config: AppConfig): Map<RemoteName, RemoteEntry> {
  if (!config.remotesFile) return new Map();
  const entries = remoteRegistrySchema.parse(JSON.parse(fs.readFileSync(config.remotesFile, 'utf8')));
  return new Map(entries.map((e) => [e.name, e]));
}

export function localBuildDir(config: Pick<AppConfig, 'siteRoot'>, name: RemoteName): string {
  return path.join(config.siteRoot, packageDirOf(name), 'dist');
}

/**
 * The registry the shell composes the site from. `preview` swaps in candidate versions for one
 * visitor (a signed preview cookie); it never outranks an explicit env or file override.
 */
export function buildRegistry(
  config: AppConfig,
  current: CurrentVersions = new Map(),
  preview: CurrentVersions = new Map(),
): RemoteEntry[] {
  const overrides = fileOverrides(config);
  const entries: RemoteEntry[] = [];
  for (const name of REMOTE_NAMES) {
    const fromEnv = envOverride(name);
    if (fromEnv) {
      entries.push({ name, entry: fromEnv, version: 'env' });
      continue;
    }
    const fromFile = overrides.get(name);
    if (fromFile) {
      entries.push(fromFile);
      continue;
    }
    const version = preview.get(name) ?? current.get(name) ?? checkoutBuildVersion(config, name);
    if (version === undefined) continue;
    entries.push({ name, entry: `${remoteBasePath(name, version)}${MANIFEST_FILE}`, version });
  }
  return entries;
}

/**
 * The version a remote's checkout build is served as: its content-named version, or `local` for a
 * build that cannot be named (one holding a link, which a release would refuse); none when unbuilt.
 */
function checkoutBuildVersion(config: BuildRoots, name: RemoteName): string | undefined {
  const dir = localBuildDir(config, name);
  if (!fs.existsSync(path.join(dir, MANIFEST_FILE))) return undefined;
  return checkoutVersion(dir) ?? LOCAL_VERSION;
}

/** A registry naming one build of one remote, served by this api (to check or read that build alone). */
export function registryOfOne(name: RemoteName, version: string): RemoteEntry[] {
  return [{ name, entry: `${remoteBasePath(name, version)}${MANIFEST_FILE}`, version }];
}

/**
 * Directory on disk holding the files of `name` at `version`, or undefined when unknown: the
 * artifact store's copy, or the checkout's build while it is that version (before it is stored).
 */
export function remoteFilesDir(config: BuildRoots, name: RemoteName, version: string): string | undefined {
  const checkout = localBuildDir(config, name);
  if (version === LOCAL_VERSION) return checkout;
  const stored = new DirectoryArtifactStore(config.releasesDir).locate(name, version);
  if (stored) return stored;
  return checkoutVersion(checkout) === version ? checkout : undefined;
}

/** Whether `dir` is a remote's checkout build (this machine's own, with no checksums recorded) rather than a stored one. */
export const isCheckoutDir = (config: BuildRoots, name: RemoteName, dir: string) => dir === localBuildDir(config, name);

export interface ServedBuild {
  /** Directory on disk holding the build's files. */
  dir: string;
  /** URL path its files are served under (`/remotes/mf_invest/1.0.0-abc/`). */
  baseUrl: string;
}

/**
 * The build behind a registry entry when this api serves it (its manifest is under /remotes/);
 * undefined for a remote on another origin. Preloads, page tables and server rendering all follow
 * this rule, so they only ever read the very build the browser will load.
 */
export function servedBuild(config: BuildRoots, entry: RemoteEntry): ServedBuild | undefined {
  const baseUrl = remoteBasePath(entry.name, entry.version);
  if (entry.entry !== `${baseUrl}${MANIFEST_FILE}`) return undefined;
  const dir = remoteFilesDir(config, entry.name, entry.version);
  return dir ? { dir, baseUrl } : undefined;
}
