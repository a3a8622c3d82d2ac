/**
 * The checks a remote build must pass before the registry may point at it. Each returns the
 * problems found, in words a release engineer can act on; an empty list means the build is fine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REMOTE_ENTRY_FILE } from '@cardlift/contracts';
import type { FederationManifest, SharedEntry } from '../artifacts/manifest';
import { satisfies } from './semver-range';

/** The one module every remote exposes (shell/build/federation.ts REMOTE_EXPOSE). */
export const REQUIRED_EXPOSE = './routes';

export function checkIdentity(manifest: FederationManifest, federationName: string): string[] {
  return manifest.name === federationName ? [] : [`the manifest is for "${manifest.name}", not "${federationName}"`];
}

export function checkExpose(manifest: FederationManifest): string[] {
  const paths = manifest.exposes.map((e) => e.path);
  if (paths.includes(REQUIRED_EXPOSE)) return [];
  const found = paths.length ? paths.join(', ') : 'none';
  return [`the manifest does not expose "${REQUIRED_EXPOSE}" (exposes: ${found}); the shell could not mount this remote`];
}

/** The browser loads the container script beside the manifest (it never reads the manifest itself). */
export function checkEntryScript(manifest: FederationManifest): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const file = entry ? path.posix.join(entry.path, entry.name) : undefined;
  if (file === REMOTE_ENTRY_FILE) return [];
  return [
    `the container script is "${file ?? 'not named'}", but the shell loads "${REMOTE_ENTRY_FILE}" beside the manifest (federation filename)`,
  ];
}

/** Every file the manifest names must be in the build, or the browser would get a 404 mid-page. */
export function checkFiles(manifest: FederationManifest, buildDir: string): string[] {
  const entry = manifest.metaData?.remoteEntry;
  const files = new Set<string>(entry ? [path.posix.join(entry.path, entry.name)] : []);
  for (const item of [...manifest.exposes, ...manifest.shared]) {
    const assets = item.assets;
    if (!assets) continue;
    for (const list of [assets.js.sync, assets.js.async, assets.css.sync, assets.css.async]) for (const f of list) files.add(f);
  }
  const missing = [...files].filter((f) => !fs.existsSync(path.join(buildDir, f)));
  if (missing.length === 0) return [];
  const shown = missing.slice(0, 5).join(', ');
  return [`${missing.length} file(s) named by the manifest are missing from the build: ${shown}${missing.length > 5 ? ', ...' : ''}`];
}

function describe(entry: SharedEntry): string {
  return `${entry.name}@${entry.version ?? '?'}`;
}

/**
 * A singleton is one copy for the whole page, and the shell loads it first: the remote must agree
 * it is a singleton, its version must satisfy what the shell requires, and the shell's copy (which
 * the remote will get) must satisfy what the remote requires.
 */
export function checkSharedSingletons(remote: FederationManifest, shell: FederationManifest): string[] {
  const problems: string[] = [];
  const shellShared = new Map(shell.shared.map((s) => [s.name, s]));
  for (const mine of remote.shared) {
    const host = shellShared.get(mine.name);
    if (!host) {
      if (mine.singleton) problems.push(`${mine.name} is a singleton in the remote but the shell does not share it`);
      continue;
    }
    if (!mine.singleton && !host.singleton) continue;
    if (Boolean(mine.singleton) !== Boolean(host.singleton)) {
      problems.push(`${mine.name}: singleton is ${Boolean(mine.singleton)} in the remote but ${Boolean(host.singleton)} in the shell`);
      continue;
    }
    if (typeof host.requiredVersion === 'string' && !(mine.version && satisfies(mine.version, host.requiredVersion))) {
      problems.push(`${describe(mine)} does not satisfy the shell's required version ${host.requiredVersion}`);
    }
    if (typeof mine.requiredVersion === 'string' && host.version && !satisfies(host.version, mine.requiredVersion)) {
      problems.push(`the shell provides ${describe(host)} but the remote requires ${mine.requiredVersion}`);
    }
  }
  return problems;
}

/** All checks of a built remote against the shell that will load it. */
export function verifyBuild(options: {
  manifest: FederationManifest;
  shellManifest: FederationManifest;
  buildDir: string;
  federationName: string;
}): string[] {
  const { manifest, shellManifest, buildDir, federationName } = options;
  return [
    ...checkIdentity(manifest, federationName),
    ...checkExpose(manifest),
    ...checkEntryScript(manifest),
    ...checkFiles(manifest, buildDir),
    ...checkSharedSingletons(manifest, shellManifest),
  ];
}
