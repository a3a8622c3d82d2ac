/**
 * The renderer process's code as one file, and what it may read. The compiled server ships it
 * (api/dist/render-child.js, every package inlined: build.mjs); run from source, it is bundled once
 * per api process into a temporary folder, since tsx's compiler is itself a child process, which a
 * renderer may not start. Either way a renderer reads its one file and the site's builds, nothing of
 * node_modules or the api's source.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { REMOTE_NAMES } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { localBuildDir } from '../serving/remote-registry';

let bundled: string | undefined;

/** The renderer entry file (compiled beside the server, or bundled now from source). */
export function rendererEntry(): string {
  const compiled = path.join(__dirname, 'render-child.js');
  if (fs.existsSync(compiled)) return compiled;
  if (bundled && fs.existsSync(bundled)) return bundled;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-renderer-'));
  const outfile = path.join(dir, 'render-child.js');
  buildSync({
    entryPoints: [path.join(__dirname, 'render-child.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  bundled = outfile;
  return outfile;
}

/**
 * The folders a renderer may read besides its own file: the shell's server build, the stored
 * releases, and each section's checkout build (served before any release). Not the data folder, the
 * content files, the api's source or its packages.
 */
export function readableBuilds(config: Pick<AppConfig, 'siteRoot' | 'releasesDir'>): string[] {
  const folders = [
    path.join(config.siteRoot, 'shell', 'dist', 'server'),
    config.releasesDir,
    ...REMOTE_NAMES.map((name) => localBuildDir(config, name)),
  ];
  // `folder/*`, not `folder/`: Node 20 takes a folder missing at start (no release yet) for a file,
  // and would refuse everything later stored under it.
  return folders.map((folder) => `${folder}${path.sep}*`);
}
