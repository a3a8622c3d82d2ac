/**
 * Everything a release needs on this machine, built the same way for the api's release API and for
 * the CLI: the shared registry, the artifact store, the shell's manifest, and the server check that
 * loads the release's page table and renders each of its static pages before the registry moves.
 */
import path from 'node:path';
import type { RemoteName } from '../contracts';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import type { ContentStore } from '../services/content-store';
import { localBuildDir, remoteBasePath } from '../services/remote-registry';
import { inlineQueryData } from '../web/query-data';
import { ServerBundles } from '../web/server-bundles';
import { ServerRenderer } from '../web/server-render';
import { DirectoryArtifactStore } from './artifact-store';
import { MANIFEST_FILE, readManifest } from './manifest';
import type { RegistryStore } from './registry-store';
import { ReleaseRefused, type ReleaseContext } from './release-service';

export function shellBuildDir(config: Pick<AppConfig, 'siteRoot'>): string {
  return path.join(config.siteRoot, 'shell', 'dist');
}

/** Loads a stored build's server bundle and page table and renders each static page, as a visitor would get it. */
export function serverCheck(config: AppConfig, content: ContentStore, logger: Logger): NonNullable<ReleaseContext['checkServer']> {
  const bundles = new ServerBundles(config);
  const renderer = new ServerRenderer(bundles, logger);
  return async (remote: RemoteName, version: string) => {
    const registry = [{ name: remote, entry: `${remoteBasePath(remote, version)}${MANIFEST_FILE}`, version }];
    if (!bundles.shell()) return ['the shell has no server build to render with (npm run build -w shell)'];
    const bundle = bundles.remoteBundle(registry, remote);
    if (!bundle) return ['the build has no server build (server/index.js): the site could not render its pages'];
    let table;
    try {
      table = bundles.remote(bundle).pageTable;
    } catch (error) {
      return [`its server build does not load: ${(error as Error).message}`];
    }
    if (!table) return ['its server build exports no page table (pageTable): the site would not know its pages'];
    const problems: string[] = [];
    for (const page of table.pages) {
      const queryData = inlineQueryData(page.queries ?? [], content);
      const found = await renderer.check({ url: page.path, registry, remote, queryData, ...(page.frame ? { frame: page.frame } : {}), uncached: true });
      problems.push(...found.map((problem) => `${page.path} does not render: ${problem}`));
    }
    return problems;
  };
}

export function releaseContext(config: AppConfig, store: RegistryStore, checkServer?: ReleaseContext['checkServer']): ReleaseContext {
  return {
    store,
    artifacts: new DirectoryArtifactStore(config.releasesDir),
    shellManifest() {
      const read = readManifest(shellBuildDir(config));
      if (!read.ok) throw new ReleaseRefused('cannot check compatibility with the shell', [`${read.problem} (build the shell: npm run build -w shell)`]);
      return read.manifest;
    },
    checkoutBuildDir: (remote) => localBuildDir(config, remote),
    ...(checkServer ? { checkServer } : {}),
  };
}
