/**
 * The files of the remote that renders the requested route, read from its manifest on disk: its
 * stylesheets (linked in the HTML, for the first paint of the server-rendered section), and its
 * manifest, remoteEntry.js and the expose's script chunks, fetched in the same wave as the shell's
 * scripts instead of after them (HTML -> shell -> manifest -> entry -> chunk would be five round trips).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BootFile, RemoteEntry } from '../contracts';
import type { AppConfig } from '../config';
import { remoteFilesDir } from '../services/remote-registry';
import { derivedFromFiles } from './file-derived';

const assetsSchema = z.object({ sync: z.array(z.string()) });
const manifestSchema = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  exposes: z.array(z.object({ path: z.string(), assets: z.object({ js: assetsSchema, css: assetsSchema }) })),
});

export interface RemoteStartup {
  stylesheets: string[];
  preload: BootFile[];
}

function readStartup(manifestUrl: string, manifestFile: string, baseUrl: string): RemoteStartup {
  try {
    const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    const { remoteEntry } = manifest.metaData;
    const expose = manifest.exposes.find((e) => e.path === './routes');
    const entryPath = path.posix.join(remoteEntry.path, remoteEntry.name);
    return {
      stylesheets: (expose?.assets.css.sync ?? []).map((file) => `${baseUrl}${file}`),
      preload: [
        { href: manifestUrl, as: 'fetch' },
        { href: `${baseUrl}${entryPath}`, as: 'script' },
        ...(expose?.assets.js.sync ?? []).map((file) => ({ href: `${baseUrl}${file}`, as: 'script' as const })),
      ],
    };
  } catch {
    // A manifest we cannot read: the shell still loads the remote the normal way.
    return { stylesheets: [], preload: [{ href: manifestUrl, as: 'fetch' }] };
  }
}

/** The start of a registry entry; only its manifest for a remote served from another origin. */
export function remoteStartup(config: AppConfig, entry: RemoteEntry): RemoteStartup {
  const elsewhere: RemoteStartup = { stylesheets: [], preload: [{ href: entry.entry, as: 'fetch' }] };
  const match = /^\/remotes\/([\w]+)\/([\w.-]+)\/mf-manifest\.json$/.exec(entry.entry);
  if (!match) return elsewhere;
  const dir = remoteFilesDir(config, entry.name, entry.version);
  if (!dir) return elsewhere;
  const manifestFile = path.join(dir, 'mf-manifest.json');
  return derivedFromFiles([manifestFile], () =>
    readStartup(entry.entry, manifestFile, entry.entry.replace(/mf-manifest\.json$/, '')),
  );
}
