/**
 * What the page needs of the built shell: its entry stylesheet (inlined, for the first paint) and
 * scripts (started by the boot script), plus files to fetch in the same wave: its bootstrap chunk
 * group (startup-assets.json, written by the shell build) and the chunks of the shared singletons
 * it provides (its mf-manifest.json). Without them the federation runtime finds these files a round
 * trip at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BootFile } from '@cardlift/contracts';
import { MANIFEST_FILE, readManifest } from '../artifacts/manifest';
import { derivedFromFiles } from './file-derived';
import { pageStylesheet, type PageStylesheet } from './page-stylesheets';

const filesSchema = z.object({ js: z.array(z.string()), css: z.array(z.string()) });
const startupSchema = filesSchema.extend({ entry: filesSchema, fonts: z.array(z.string()).default([]) });

export interface ShellStartup {
  stylesheets: PageStylesheet[];
  scripts: string[];
  preload: BootFile[];
  /** Font files the first view needs, preloaded from the HTML. */
  fonts: string[];
}

const NONE: ShellStartup = { stylesheets: [], scripts: [], preload: [], fonts: [] };

/** The start of the built shell in `shellDist`; nothing when it lacks the files (not built yet). */
export function shellStartup(shellDist: string): ShellStartup {
  const startupFile = path.join(shellDist, 'startup-assets.json');
  const manifestFile = path.join(shellDist, MANIFEST_FILE);
  return derivedFromFiles([startupFile, manifestFile], () => readStartup(startupFile, shellDist));
}

function readStartup(startupFile: string, shellDist: string): ShellStartup {
  try {
    const startup = startupSchema.parse(JSON.parse(fs.readFileSync(startupFile, 'utf8')));
    const read = readManifest(shellDist);
    if (!read.ok) return NONE;
    const chunks = new Set([...read.manifest.shared.flatMap((s) => s.assets?.js.sync ?? []), ...startup.js]);
    // Eager shared modules live in the entry script itself, which is loaded anyway.
    for (const file of startup.entry.js) chunks.delete(file);
    const url = (file: string) => `/${file}`;
    return {
      stylesheets: [...startup.entry.css, ...startup.css].map((file) => pageStylesheet(url(file), path.join(shellDist, file))),
      scripts: startup.entry.js.map(url),
      preload: [...chunks].map((file) => ({ href: url(file), as: 'script' as const })),
      fonts: startup.fonts.map(url),
    };
  } catch {
    return NONE;
  }
}
