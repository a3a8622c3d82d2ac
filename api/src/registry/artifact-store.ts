/**
 * Where release files live. Every api instance serves and renders from it, so with several servers it
 * is a shared volume (RELEASES_DIR) or, behind the same interface, an object store later. A release's
 * files never change once stored: a version names one content hash.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isReleaseVersion, isRemoteName, type RemoteName } from '@cardlift/contracts';
import { publishBuild, sha256File } from './build-output';

/**
 * Bookkeeping stored beside a release's files (a dotfile: never served): the SHA-256 of each file
 * of its server build, checked before the api's render workers load it, so a server bundle changed
 * on the shared volume after it was released is never run.
 */
export const CHECKSUMS_FILE = '.release-checksums.json';
const SERVER_FOLDER = 'server';

function serverChecksums(buildDir: string): Record<string, string> {
  const dir = path.join(buildDir, SERVER_FOLDER);
  if (!fs.existsSync(dir)) return {};
  const sums: Record<string, string> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (fs.statSync(file).isFile()) sums[path.posix.join(SERVER_FOLDER, name.split(path.sep).join('/'))] = sha256File(file);
  }
  return sums;
}

/** Whether `file` (inside the release folder `dir`) has the checksum recorded when it was released. */
export function matchesReleaseChecksum(dir: string, file: string): boolean {
  const recorded = path.join(dir, CHECKSUMS_FILE);
  if (!fs.existsSync(recorded)) return false;
  const sums = JSON.parse(fs.readFileSync(recorded, 'utf8')) as Record<string, string>;
  const key = path.relative(dir, file).split(path.sep).join('/');
  return sums[key] !== undefined && sums[key] === sha256File(file);
}

export interface ArtifactStore {
  /** A local directory holding the files of `remote` at `version`, or undefined when not stored. */
  locate(remote: RemoteName, version: string): string | undefined;
  /** Stores a build; false when that version was already stored (same content, nothing rewritten). */
  put(remote: RemoteName, version: string, buildDir: string): Promise<boolean>;
}

/** Releases under `<dir>/<remote>/<version>/`, each written to a staging folder and renamed into place. */
export class DirectoryArtifactStore implements ArtifactStore {
  constructor(readonly dir: string) {}

  locate(remote: RemoteName, version: string): string | undefined {
    if (!isRemoteName(remote) || !isReleaseVersion(version)) return undefined;
    const dir = path.join(this.dir, remote, version);
    return fs.existsSync(dir) ? dir : undefined;
  }

  async put(remote: RemoteName, version: string, buildDir: string): Promise<boolean> {
    if (!isReleaseVersion(version)) throw new Error(`"${version}" is not a valid release version`);
    return publishBuild(buildDir, path.join(this.dir, remote, version), { [CHECKSUMS_FILE]: JSON.stringify(serverChecksums(buildDir)) });
  }
}
