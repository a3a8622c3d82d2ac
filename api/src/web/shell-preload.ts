/**
 * Preload hints for the shell's own start: its bootstrap chunk group (startup-assets.json, written
 * by the shell build) and the chunks of the shared singletons it provides (its mf-manifest.json).
 * Without them the federation runtime finds these files a round trip at a time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { derivedFromFiles } from './file-derived';
import type { PreloadHint } from './remote-preload';

const startupSchema = z.object({ js: z.array(z.string()), css: z.array(z.string()) });
const manifestSchema = z.object({
  shared: z.array(z.object({ assets: z.object({ js: z.object({ sync: z.array(z.string()) }) }) })),
});

/** Hints for the built shell in `shellDist`; none when it lacks the files (an older build). */
export function shellPreloads(shellDist: string): PreloadHint[] {
  const startupFile = path.join(shellDist, 'startup-assets.json');
  const manifestFile = path.join(shellDist, 'mf-manifest.json');
  return derivedFromFiles([startupFile, manifestFile], () => readHints(startupFile, manifestFile));
}

function readHints(startupFile: string, manifestFile: string): PreloadHint[] {
  try {
    const startup = startupSchema.parse(JSON.parse(fs.readFileSync(startupFile, 'utf8')));
    const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    const scripts = new Set([...manifest.shared.flatMap((s) => s.assets.js.sync), ...startup.js]);
    return [
      ...[...scripts].map((file) => ({ href: `/${file}`, as: 'script' as const })),
      ...startup.css.map((file) => ({ href: `/${file}`, as: 'style' as const })),
    ];
  } catch {
    // An older shell build without startup-assets.json gets no hints.
    return [];
  }
}
