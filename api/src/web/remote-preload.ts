/**
 * Preload hints for the remote that renders the requested route, read from its manifest on disk:
 * its remoteEntry.js and the expose's own script and style chunks. They download in parallel with
 * the shell instead of after it (HTML -> shell -> manifest -> entry -> chunk would be five round trips).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RemoteEntry } from '../contracts';
import type { AppConfig } from '../config';
import { remoteFilesDir } from '../services/remote-registry';
import { derivedFromFiles } from './file-derived';

const assetsSchema = z.object({ sync: z.array(z.string()) });
const manifestSchema = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  exposes: z.array(z.object({ path: z.string(), assets: z.object({ js: assetsSchema, css: assetsSchema }) })),
});

export interface PreloadHint {
  href: string;
  as: 'script' | 'style';
}

function readHints(manifestFile: string, baseUrl: string): PreloadHint[] {
  try {
    const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    const { remoteEntry } = manifest.metaData;
    const expose = manifest.exposes.find((e) => e.path === './routes');
    const entryPath = path.posix.join(remoteEntry.path, remoteEntry.name);
    return [
      { href: `${baseUrl}${entryPath}`, as: 'script' },
      ...(expose?.assets.js.sync ?? []).map((file) => ({ href: `${baseUrl}${file}`, as: 'script' as const })),
      ...(expose?.assets.css.sync ?? []).map((file) => ({ href: `${baseUrl}${file}`, as: 'style' as const })),
    ];
  } catch {
    // A manifest we cannot read gets no hints; the shell still loads the remote the normal way.
    return [];
  }
}

/** Hints for a registry entry served by this api; none for remotes on other origins. */
export function remotePreloads(config: AppConfig, entry: RemoteEntry): PreloadHint[] {
  const match = /^\/remotes\/([\w]+)\/([\w.-]+)\/mf-manifest\.json$/.exec(entry.entry);
  if (!match) return [];
  const dir = remoteFilesDir(config, entry.name, entry.version);
  if (!dir) return [];
  const manifestFile = path.join(dir, 'mf-manifest.json');
  return derivedFromFiles([manifestFile], () => readHints(manifestFile, entry.entry.replace(/mf-manifest\.json$/, '')));
}
