/**
 * The files of the remote that renders the requested route, read from its manifest on disk: its
 * stylesheets (inlined in the HTML, for the first paint of the server-rendered section), and its
 * remoteEntry.js and the expose's script chunks, fetched in the same wave as the shell's scripts
 * instead of after them (HTML -> shell -> entry -> chunk would be four round trips). The browser never
 * reads the manifest: it loads the container script beside it.
 */
import path from 'node:path';
import { remoteEntryScriptUrl, type BootFile, type RemoteEntry } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { REQUIRED_EXPOSE } from '../releases/compatibility';
import { MANIFEST_FILE, readManifest } from '../artifacts/manifest';
import { servedBuild, type ServedBuild } from '../serving/remote-registry';
import { derivedFromFiles } from './file-derived';
import { pageChunkFiles } from './page-chunk-files';
import { pageStylesheet, type PageStylesheet } from './page-stylesheets';

export interface RemoteStartup {
  stylesheets: PageStylesheet[];
  preload: BootFile[];
}

/** Only the container script: for a remote on another origin, or a manifest we cannot read. */
function entryScriptOnly(entry: RemoteEntry): RemoteStartup {
  return { stylesheets: [], preload: [{ href: remoteEntryScriptUrl(entry.entry), as: 'script' }] };
}

function readStartup(entry: RemoteEntry, build: ServedBuild): RemoteStartup {
  const read = readManifest(build.dir);
  const remoteEntry = read.ok ? read.manifest.metaData?.remoteEntry : undefined;
  if (!read.ok || !remoteEntry) return entryScriptOnly(entry);
  const expose = read.manifest.exposes.find((e) => e.path === REQUIRED_EXPOSE);
  const url = (file: string) => `${build.baseUrl}${file}`;
  return {
    stylesheets: (expose?.assets.css.sync ?? []).map((file) => ({
      ...pageStylesheet(url(file), path.join(build.dir, file)),
      federated: true,
    })),
    preload: [
      { href: url(path.posix.join(remoteEntry.path, remoteEntry.name)), as: 'script' },
      ...(expose?.assets.js.sync ?? []).map((file) => ({ href: url(file), as: 'script' as const })),
    ],
  };
}

/**
 * The start of a registry entry; only its container script for a remote served from another origin.
 * `chunk` names the served page's own chunk (`PageMeta.chunk`), whose files are preloaded too.
 */
export function remoteStartup(config: AppConfig, entry: RemoteEntry, chunk?: string): RemoteStartup {
  const build = servedBuild(config, entry);
  if (!build) return entryScriptOnly(entry);
  const startup = derivedFromFiles([path.join(build.dir, MANIFEST_FILE)], () => readStartup(entry, build));
  const listed = new Set(startup.preload.map((file) => file.href));
  const pageFiles = pageChunkFiles(build.dir, chunk)
    .map((file) => `${build.baseUrl}${file}`)
    .filter((href) => !listed.has(href));
  if (pageFiles.length === 0) return startup;
  return { ...startup, preload: [...startup.preload, ...pageFiles.map((href) => ({ href, as: 'script' as const }))] };
}
