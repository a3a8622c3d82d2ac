/**
 * Where release files live. Every api instance serves and renders from it, so with several servers it
 * is a shared volume (RELEASES_DIR) or, behind the same interface, an object store later. A release's
 * files never change once stored: a version names one content hash.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isReleaseVersion, isRemoteName, type RemoteName } from '@cardlift/contracts';
import { ignoreMissing, namesIn, removeAbandonedWrites, unlinkIfPresent } from './abandoned-writes';
import { BUILD_STAGING_PREFIX, publishBuild, serverChecksums, sha256File } from './build-output';
import { removeFolder } from './remove-folder';

/**
 * Bookkeeping stored beside a release's files (a dotfile: never served): the SHA-256 of each file
 * of its server build, checked before the api's render workers load it, so a server bundle changed
 * on the shared volume after it was released is never run.
 */
export const CHECKSUMS_FILE = '.release-checksums.json';

/**
 * Images uploaded through the content API, beside the releases so every instance sharing the folder
 * serves them. A dot folder: never a remote's name, and never reached through the remotes' file route.
 */
export const CONTENT_IMAGES_DIR = '.content-images';
/** A stored image's name: its content hash and extension, nothing a path could be made of. */
const CONTENT_IMAGE_NAME = /^[0-9a-f]{32}\.webp$/;
/** An image being written (`.<name>.<uuid>`), renamed to its name once whole. */
const CONTENT_IMAGE_STAGING = /^\.[0-9a-f]{32}\.webp\.[0-9a-f-]{36}$/;
/**
 * The shell's browser files of each deploy, by build id (build-ids.ts), beside the releases: a tab
 * opened before a server deploy still finds the chunks its shell asks for. A dot folder: never a
 * remote's name.
 */
export const SHELL_BUILDS_DIR = '.shell-builds';
/** A shell build's id: the content hash of its browser files. */
export const SHELL_BUILD_ID = /^[0-9a-f]{10}$/;
/** Release uploads being received and unpacked, one folder each (`<uuid>`), beside the releases. */
export const RELEASE_UPLOADS_DIR = '.incoming';
/** A removed version's folder, renamed into a remote's folder to be deleted (`.removed-<version>-<uuid>`). */
const TRASH_PREFIX = '.removed-';
/** A write an instance stopped in the middle of is at most minutes old (uploads time out): an hour is past any. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

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
  /**
   * Stores a build; false when that version was already stored (same content, nothing rewritten).
   * `checksums`: its server build's, when already computed (an upload's worker did).
   */
  put(remote: RemoteName, version: string, buildDir: string, checksums?: Record<string, string>): Promise<boolean>;
  /** Bytes held by every stored release of `remote`: what its storage quota counts. */
  usage(remote: RemoteName): Promise<number>;
  /**
   * Takes a version's folder away at once (a rename, so nobody serves half of it); returns the
   * deletion of its files (true when this call deleted them), to run once the registry's lock is let
   * go; undefined when it was not there (another instance took it first). Only for a version no registry record names
   * (RegistryStore.removeUnnamed, RegistryStore.prune).
   */
  remove(remote: RemoteName, version: string): (() => Promise<boolean>) | undefined;
  /** Every stored version of `remote`, with when it was stored. */
  versions(remote: RemoteName): Promise<StoredBuild[]>;
  /** Stores the shell's browser files (its `assets` folder) under its build id; false when stored already. */
  putShellBuild(id: string, assetsDir: string): Promise<boolean>;
  /** The folder of a stored shell build holding `file` (a checked path below `/assets/`), or undefined. */
  locateShellFile(file: string): string | undefined;
  /** Every stored shell build, with when it was stored. */
  shellBuilds(): Promise<StoredBuild[]>;
  /** Takes a shell build's folder away at once (a rename); returns the deletion of its files, undefined when not there. */
  removeShellBuild(id: string): (() => Promise<boolean>) | undefined;
  /** The local folder of `remote` at `version`, fetched first when it is stored elsewhere (the database); undefined when not stored. */
  ensure(remote: RemoteName, version: string): Promise<string | undefined>;
  /** As locateShellFile, fetching the shell build that holds `file` first when it is stored elsewhere. */
  ensureShellFile(file: string): Promise<string | undefined>;
  /** Stores an uploaded content image under its content-hashed name; false when it was stored already. */
  putContentImage(name: string, bytes: Buffer): Promise<boolean>;
  /** The file of a stored content image, or undefined. */
  locateContentImage(name: string): string | undefined;
  /** As locateContentImage, fetching the image first when it is stored elsewhere (the database). */
  ensureContentImage(name: string): Promise<string | undefined>;
  /** Every stored content image, with when it was last uploaded. */
  contentImages(): Promise<StoredContentImage[]>;
  /**
   * Deletes a stored content image last uploaded before `uploadedBefore` (read again now, so an upload
   * of the same bytes since it was listed keeps it); true when this call deleted it. One already gone
   * (another instance's sweep) is no error.
   */
  removeContentImage(name: string, uploadedBefore: Date): Promise<boolean>;
  /**
   * Deletes what writes stopped midway (a crash) left before `writtenBefore`: release uploads being
   * unpacked, releases being copied into place or removed, and half-written content images. Answers how many.
   */
  removeAbandonedWrites(writtenBefore: Date): Promise<number>;
}

/** A stored build: a remote's version or a shell build's id. */
export interface StoredBuild {
  version: string;
  storedAt: Date;
}

export interface StoredContentImage {
  name: string;
  /** The last upload of these bytes: a second upload of an image restarts its grace period. */
  uploadedAt: Date;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderBytes(file);
    else if (entry.isFile()) total += (await fs.promises.stat(file)).size;
  }
  return total;
}

/**
 * Renames a folder away at once (nobody serves half of it) and returns the deletion of its files. One
 * already renamed by another sweep is no error: the deletion then does nothing.
 */
function trashFolder(dir: string, trash: string): (() => Promise<boolean>) | undefined {
  try {
    fs.renameSync(dir, trash);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return () => removeFolder(trash).then(() => true);
}

/** The folders of `dir` whose names `valid` accepts, with when each was stored (renamed into place). */
async function storedIn(dir: string, valid: (name: string) => boolean): Promise<StoredBuild[]> {
  const builds: StoredBuild[] = [];
  for (const name of (await namesIn(dir)).filter(valid)) {
    const stat = await fs.promises.stat(path.join(dir, name)).catch(ignoreMissing);
    if (stat?.isDirectory()) builds.push({ version: name, storedAt: stat.mtime });
  }
  return builds;
}

/** Releases under `<dir>/<remote>/<version>/`, each written to a staging folder and renamed into place. */
export class DirectoryArtifactStore implements ArtifactStore {
  constructor(readonly dir: string) {}

  locate(remote: RemoteName, version: string): string | undefined {
    if (!isRemoteName(remote) || !isReleaseVersion(version)) return undefined;
    const dir = path.join(this.dir, remote, version);
    return fs.existsSync(dir) ? dir : undefined;
  }

  async put(remote: RemoteName, version: string, buildDir: string, checksums?: Record<string, string>): Promise<boolean> {
    if (!isReleaseVersion(version)) throw new Error(`"${version}" is not a valid release version`);
    const sums = checksums ?? serverChecksums(buildDir);
    return publishBuild(buildDir, path.join(this.dir, remote, version), { [CHECKSUMS_FILE]: JSON.stringify(sums) });
  }

  async usage(remote: RemoteName): Promise<number> {
    const dir = path.join(this.dir, remote);
    if (!isRemoteName(remote) || !fs.existsSync(dir)) return 0;
    const versions = (await fs.promises.readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory() && isReleaseVersion(e.name));
    const sizes = await Promise.all(versions.map((e) => folderBytes(path.join(dir, e.name))));
    return sizes.reduce((sum, size) => sum + size, 0);
  }

  remove(remote: RemoteName, version: string): (() => Promise<boolean>) | undefined {
    const dir = this.locate(remote, version);
    if (!dir) return undefined;
    return trashFolder(dir, path.join(this.dir, remote, `${TRASH_PREFIX}${version}-${crypto.randomUUID()}`));
  }

  async versions(remote: RemoteName): Promise<StoredBuild[]> {
    return isRemoteName(remote) ? storedIn(path.join(this.dir, remote), isReleaseVersion) : [];
  }

  async ensure(remote: RemoteName, version: string): Promise<string | undefined> {
    return this.locate(remote, version);
  }

  async ensureShellFile(file: string): Promise<string | undefined> {
    return this.locateShellFile(file);
  }

  async putShellBuild(id: string, assetsDir: string): Promise<boolean> {
    if (!SHELL_BUILD_ID.test(id)) throw new Error(`"${id}" is not a shell build id`);
    return publishBuild(assetsDir, path.join(this.dir, SHELL_BUILDS_DIR, id));
  }

  locateShellFile(file: string): string | undefined {
    const dir = path.join(this.dir, SHELL_BUILDS_DIR);
    if (!fs.existsSync(dir)) return undefined;
    // Any build holding it holds the same bytes: asset names carry their content hash.
    const ids = fs.readdirSync(dir).filter((id) => SHELL_BUILD_ID.test(id));
    return ids.map((id) => path.join(dir, id)).find((build) => fs.existsSync(path.join(build, file)));
  }

  async shellBuilds(): Promise<StoredBuild[]> {
    return storedIn(path.join(this.dir, SHELL_BUILDS_DIR), (id) => SHELL_BUILD_ID.test(id));
  }

  removeShellBuild(id: string): (() => Promise<boolean>) | undefined {
    const dir = path.join(this.dir, SHELL_BUILDS_DIR, id);
    if (!SHELL_BUILD_ID.test(id) || !fs.existsSync(dir)) return undefined;
    return trashFolder(dir, path.join(this.dir, SHELL_BUILDS_DIR, `${TRASH_PREFIX}${id}-${crypto.randomUUID()}`));
  }

  async putContentImage(name: string, bytes: Buffer): Promise<boolean> {
    if (!CONTENT_IMAGE_NAME.test(name)) throw new Error(`"${name}" is not a content image name`);
    const existing = this.locateContentImage(name);
    if (existing) {
      // Marked as uploaded now, so the sweep of unreferenced uploads leaves it to the editor who just
      // uploaded it again (and has not saved yet) for a whole grace period.
      const now = new Date();
      await fs.promises.utimes(existing, now, now).catch(ignoreMissing);
      if (this.locateContentImage(name)) return false;
    }
    const dir = path.join(this.dir, CONTENT_IMAGES_DIR);
    await fs.promises.mkdir(dir, { recursive: true });
    // Written aside and renamed: an instance serving the folder never sees half an image.
    const staging = path.join(dir, `.${name}.${crypto.randomUUID()}`);
    await fs.promises.writeFile(staging, bytes);
    await fs.promises.rename(staging, path.join(dir, name));
    return true;
  }

  locateContentImage(name: string): string | undefined {
    if (!CONTENT_IMAGE_NAME.test(name)) return undefined;
    const file = path.join(this.dir, CONTENT_IMAGES_DIR, name);
    return fs.existsSync(file) ? file : undefined;
  }

  async ensureContentImage(name: string): Promise<string | undefined> {
    return this.locateContentImage(name);
  }

  async contentImages(): Promise<StoredContentImage[]> {
    const dir = path.join(this.dir, CONTENT_IMAGES_DIR);
    const images: StoredContentImage[] = [];
    for (const name of (await namesIn(dir)).filter((n) => CONTENT_IMAGE_NAME.test(n))) {
      const stat = await fs.promises.stat(path.join(dir, name)).catch(ignoreMissing);
      if (stat) images.push({ name, uploadedAt: stat.mtime });
    }
    return images;
  }

  async removeContentImage(name: string, uploadedBefore: Date): Promise<boolean> {
    if (!CONTENT_IMAGE_NAME.test(name)) throw new Error(`"${name}" is not a content image name`);
    const file = path.join(this.dir, CONTENT_IMAGES_DIR, name);
    const stat = await fs.promises.stat(file).catch(ignoreMissing);
    if (!stat || stat.mtime >= uploadedBefore) return false;
    return unlinkIfPresent(file);
  }

  async removeAbandonedWrites(writtenBefore: Date): Promise<number> {
    const remotes = (await namesIn(this.dir)).filter(isRemoteName);
    // A remote's folder is read once for both: builds being copied in and versions being removed.
    const releaseWork = (name: string) => name.startsWith(BUILD_STAGING_PREFIX) || name.startsWith(TRASH_PREFIX);
    return removeAbandonedWrites(
      [
        { dir: path.join(this.dir, RELEASE_UPLOADS_DIR), isWrite: (name) => /^[0-9a-f-]{36}$/.test(name) },
        ...[...remotes, SHELL_BUILDS_DIR].map((folder) => ({ dir: path.join(this.dir, folder), isWrite: releaseWork })),
        { dir: path.join(this.dir, CONTENT_IMAGES_DIR), isWrite: (name) => CONTENT_IMAGE_STAGING.test(name) },
      ],
      writtenBefore,
    );
  }
}
