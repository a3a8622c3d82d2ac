/**
 * The release builds a backup carries (`releases/<remote>/<version>/…`): a restored database whose
 * registry names a build the data folder lacks serves "temporarily unavailable" for that section, so
 * the archive holds every build a record names (current, canary, scheduled, rollback target) and the
 * last RELEASE_KEEP releases of each remote, and a restore is not done until every named build is back.
 * With ARTIFACTS=database the builds live in PostgreSQL and pg_dump carries them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { CHECKSUMS_FILE, DirectoryArtifactStore } from '../artifacts/artifact-store';
import { versionsRecordsName } from '../releases/named-versions';
import { openRegistryStore } from '../releases/open-registry';
import type { RegistryStore, RemoteState } from '../releases/registry-store';

export const RELEASES_ARCHIVE_DIR = 'releases';

type BuildsConfig = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'releasesDir' | 'skew'>;

/** Whether this configuration keeps builds in a folder (the backup's to carry) rather than in PostgreSQL. */
export const buildsInFolder = (config: BuildsConfig) => config.skew.artifacts === 'directory' || !config.databaseUrl;

/** A version a record names, with which record (what an operator reads when one is missing). */
export interface NamedBuild {
  remote: RemoteName;
  version: string;
  why: string;
}

function namedBuilds(remote: RemoteName, state: RemoteState, keep: number): { required: NamedBuild[]; kept: NamedBuild[] } {
  const why = (version: string) =>
    version === state.current
      ? 'current'
      : version === state.canary?.version
        ? 'canary'
        : version === state.scheduled?.version
          ? 'scheduled'
          : 'rollback target';
  const required = [...versionsRecordsName(state)].map((version) => ({ remote, version, why: why(version) }));
  const names = new Set(required.map((b) => b.version));
  const kept = state.releases
    .slice(-keep)
    .filter((r) => !names.has(r.version))
    .map((r) => ({ remote, version: r.version, why: 'recent release' }));
  return { required, kept };
}

async function withRegistry<T>(config: BuildsConfig, read: (store: RegistryStore) => Promise<T>): Promise<T> {
  const store = await openRegistryStore(config);
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/**
 * Copies into `staging/releases` every build the registry names and the last RELEASE_KEEP of each
 * remote; answers how many were copied and the named ones the folder lacks (the site lacks them too).
 */
export async function stageReleaseBuilds(config: BuildsConfig, staging: string): Promise<{ copied: number; missing: NamedBuild[] }> {
  const artifacts = new DirectoryArtifactStore(config.releasesDir);
  const missing: NamedBuild[] = [];
  let copied = 0;
  await withRegistry(config, async (store) => {
    for (const remote of REMOTE_NAMES) {
      const { required, kept } = namedBuilds(remote, await store.state(remote), config.skew.releaseKeep);
      for (const build of [...required, ...kept]) {
        const dir = artifacts.locate(remote, build.version);
        if (!dir) {
          if (required.includes(build)) missing.push(build);
          continue;
        }
        fs.cpSync(dir, path.join(staging, RELEASES_ARCHIVE_DIR, remote, build.version), { recursive: true });
        copied += 1;
      }
    }
  });
  return { copied, missing };
}

/** Puts the archive's builds (unpacked in `dir`) into RELEASES_DIR; answers how many. */
export async function restoreReleaseBuilds(config: BuildsConfig, dir: string): Promise<number> {
  const root = path.join(dir, RELEASES_ARCHIVE_DIR);
  if (!fs.existsSync(root)) return 0;
  const artifacts = new DirectoryArtifactStore(config.releasesDir);
  let restored = 0;
  for (const remote of REMOTE_NAMES) {
    const remoteDir = path.join(root, remote);
    if (!fs.existsSync(remoteDir)) continue;
    for (const version of fs.readdirSync(remoteDir)) {
      const build = path.join(remoteDir, version);
      const checksums = path.join(build, CHECKSUMS_FILE);
      const sums = fs.existsSync(checksums) ? (JSON.parse(fs.readFileSync(checksums, 'utf8')) as Record<string, string>) : undefined;
      await artifacts.put(remote, version, build, sums);
      restored += 1;
    }
  }
  return restored;
}

/** The builds the registry names that RELEASES_DIR lacks: a site restored without them is not whole. */
export async function missingNamedBuilds(config: BuildsConfig): Promise<NamedBuild[]> {
  const artifacts = new DirectoryArtifactStore(config.releasesDir);
  return withRegistry(config, async (store) => {
    const missing: NamedBuild[] = [];
    for (const remote of REMOTE_NAMES) {
      const { required } = namedBuilds(remote, await store.state(remote), config.skew.releaseKeep);
      missing.push(...required.filter((b) => !artifacts.locate(remote, b.version)));
    }
    return missing;
  });
}

export const describeBuilds = (builds: readonly NamedBuild[]) => builds.map((b) => `${b.remote} ${b.version} (${b.why})`).join(', ');
