/**
 * The names of builds, in one place: a remote's version (`<package version>-<content hash>`, the same
 * for a release and for the checkout's own build) and the shell's build id (the content hash of its
 * browser files). Pages, file routes, the skew window and anything tagging a page with the builds it
 * was made from (an edge cache's surrogate keys) take them from here.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@cardlift/contracts';
import { derivedFromFiles } from '../site/file-derived';
import { contentHash } from '../artifacts/build-output';
import { MANIFEST_FILE, readManifest, type FederationManifest } from '../artifacts/manifest';

/** `<package version>-<content hash>`: the same build always gets the same version. */
export function versionFor(manifest: FederationManifest, hash: string): string {
  return `${manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0'}-${hash}`;
}

/** The version a build folder would be released as, or undefined when it holds no readable manifest. */
export function buildVersionOf(dir: string): string | undefined {
  const read = readManifest(dir);
  return read.ok ? versionFor(read.manifest, contentHash(dir)) : undefined;
}

/** As buildVersionOf, and undefined for a folder that cannot be read whole (a link to a folder). */
function readableVersionOf(dir: string): string | undefined {
  try {
    return buildVersionOf(dir);
  } catch {
    return undefined;
  }
}

/**
 * The version of a remote's checkout build (`mf-invest/dist`), which the site serves before the
 * remote's first release: named by its content, like a release, so a rebuilt checkout is a new
 * version and a tab that loaded the old one still finds it (once stored, see checkout-builds.ts).
 * Recomputed only when the build's manifest is rewritten (every build rewrites it).
 */
export function checkoutVersion(checkoutDir: string): string | undefined {
  return derivedFromFiles([path.join(checkoutDir, MANIFEST_FILE)], () => readableVersionOf(checkoutDir), 'checkout version');
}

/** Where the shell's browser files are in its build. */
export const SHELL_ASSETS_DIR = 'assets';

/**
 * The shell's build id: the content hash of its browser files (`shell/dist/assets`), or undefined
 * before it is built. Recomputed when a build rewrites the start files the api reads.
 */
export function shellBuildId(shellDist: string): string | undefined {
  return derivedFromFiles(
    [path.join(shellDist, 'startup-assets.json'), path.join(shellDist, MANIFEST_FILE)],
    () => {
      try {
        return contentHash(path.join(shellDist, SHELL_ASSETS_DIR));
      } catch {
        return undefined;
      }
    },
    'shell build id',
  );
}

/** One build a page may make the browser ask for: a remote's version, or the shell (`SHELL_BUILDS`) and its id. */
export interface BuildRef {
  remote: RemoteName | typeof SHELL_BUILDS;
  version: string;
}

/** What the shell's builds are filed under beside the remotes' (in the skew window's records). */
export const SHELL_BUILDS = 'shell';

/** When a build folder was written (its manifest's time), or undefined when it has none. */
export function buildTimeOf(dir: string): string | undefined {
  try {
    return fs.statSync(path.join(dir, MANIFEST_FILE)).mtime.toISOString();
  } catch {
    return undefined;
  }
}
