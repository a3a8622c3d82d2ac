/**
 * Where release files live. Every api instance serves and renders from it, so with several servers it
 * is a shared volume (RELEASES_DIR) or, behind the same interface, an object store later. A release's
 * files never change once stored: a version names one content hash.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isReleaseVersion, isRemoteName, type RemoteName } from '../contracts';
import { publishBuild } from './build-output';

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
    if (!isRemoteName(remote) || !isReleaseVersion(version)) throw new Error(`"${version}" is not a valid release version`);
    return publishBuild(buildDir, path.join(this.dir, remote, version));
  }
}
