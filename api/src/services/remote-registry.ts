/**
 * The remote registry: for each remote, the manifest the shell should load. Read on every request
 * (it is small), so a release or rollback takes effect on the next page load without a restart.
 *
 * Precedence per remote: REMOTE_<NAME>_ENTRY env var > REMOTES_FILE > current release > checkout build.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, remoteRegistrySchema, type RemoteEntry, type RemoteName } from '../contracts';
import type { AppConfig } from '../config';
import { MANIFEST_FILE } from '../releases/manifest';
import { readReleaseHistory } from './release-store';

/** Package directory of a remote: `mf_invest` -> `mf-invest`. */
export function packageDirOf(name: RemoteName): string {
  return name.replace(/_/g, '-');
}

export const LOCAL_VERSION = 'local';

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

export function localBuildDir(config: AppConfig, name: RemoteName): string {
  return path.join(config.siteRoot, packageDirOf(name), 'dist');
}

export function buildRegistry(config: AppConfig): RemoteEntry[] {
  const overrides = fileOverrides(config);
  const history = readReleaseHistory(config.releasesDir);
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
    const current = history[name]?.current;
    const version = current ?? LOCAL_VERSION;
    if (!current && !fs.existsSync(path.join(localBuildDir(config, name), MANIFEST_FILE))) continue;
    entries.push({ name, entry: `${remoteBasePath(name, version)}${MANIFEST_FILE}`, version });
  }
  return entries;
}

/** Directory on disk holding the files of `name` at `version`, or undefined when unknown. */
export function remoteFilesDir(config: AppConfig, name: RemoteName, version: string): string | undefined {
  if (version === LOCAL_VERSION) return localBuildDir(config, name);
  if (!/^[\w.-]+$/.test(version)) return undefined;
  const dir = path.join(config.releasesDir, name, version);
  return fs.existsSync(dir) ? dir : undefined;
}

export interface ServedBuild {
  /** Directory on disk holding the build's files. */
  dir: string;
  /** URL path its files are served under (`/remotes/mf_invest/1.0.0-abc/`). */
  baseUrl: string;
}

/**
 * The build behind a registry entry when this api serves it (its manifest is under /remotes/);
 * undefined for a remote on another origin. Preloads and server rendering both follow this rule, so
 * they only ever read the very build the browser will load.
 */
export function servedBuild(config: AppConfig, entry: RemoteEntry): ServedBuild | undefined {
  const baseUrl = remoteBasePath(entry.name, entry.version);
  if (entry.entry !== `${baseUrl}${MANIFEST_FILE}`) return undefined;
  const dir = remoteFilesDir(config, entry.name, entry.version);
  return dir ? { dir, baseUrl } : undefined;
}
