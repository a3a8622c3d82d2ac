/**
 * Everything a release needs on this machine, built the same way for the api's release API and for
 * the CLI: the shared registry, the artifact store, the shell's manifest, and the server check that
 * loads the release's page table and renders each of its static pages before the registry moves.
 */
import path from 'node:path';
import type { RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { localBuildDir } from '../serving/remote-registry';
import type { RenderPool } from '../site/render-pool';
import { DirectoryArtifactStore, type ArtifactStore } from '../artifacts/artifact-store';
import { readManifest } from '../artifacts/manifest';
import type { RegistryStore } from './registry-store';
import { ReleaseRefused, type ReleaseContext } from './release-service';

export function shellBuildDir(config: Pick<AppConfig, 'siteRoot'>): string {
  return path.join(config.siteRoot, 'shell', 'dist');
}

/** A stored build's server check, run in the render workers like every piece of section code. */
export function serverCheck(pool: RenderPool): NonNullable<ReleaseContext['checkServer']> {
  return (remote: RemoteName, version: string) => pool.check(remote, version);
}

/** `artifacts`: the process's one artifact store (the api's); by default the folder RELEASES_DIR names. */
export function releaseContext(
  config: AppConfig,
  store: RegistryStore,
  checkServer?: ReleaseContext['checkServer'],
  artifacts: ArtifactStore = new DirectoryArtifactStore(config.releasesDir),
): ReleaseContext {
  return {
    store,
    artifacts,
    shellManifest() {
      const read = readManifest(shellBuildDir(config));
      if (!read.ok)
        throw new ReleaseRefused('cannot check compatibility with the shell', [
          `${read.problem} (build the shell: npm run build -w shell)`,
        ]);
      return read.manifest;
    },
    checkoutBuildDir: (remote) => localBuildDir(config, remote),
    quotaBytes: config.releaseLimits.quotaBytes,
    ...(checkServer ? { checkServer } : {}),
  };
}
