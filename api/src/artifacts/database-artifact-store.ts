/**
 * The artifact store with PostgreSQL as the shared copy (ARTIFACTS=database): every build and image is
 * written to the database, and each instance keeps a local cache (RELEASES_DIR is then that cache,
 * one per instance) which everything else reads as before. A build missing from the cache is fetched
 * on first use and checked against each file's hash; a background sync fetches every stored build
 * and drops the ones deleted elsewhere, so a new instance with an empty disk serves every page and
 * every old file a tab may ask for.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isReleaseVersion, isRemoteName, type RemoteName } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import {
  CONTENT_IMAGES_DIR,
  DirectoryArtifactStore,
  SHELL_BUILD_ID,
  SHELL_BUILDS_DIR,
  type ArtifactStore,
  type StoredBuild,
  type StoredContentImage,
} from './artifact-store';
import { SHELL_BUILDS } from '../releases/build-ids';
import type { ArtifactDatabase, BuildKey } from './artifact-database';

/** Where uploaded images are filed in the database, one "build" per image. */
const CONTENT_IMAGES = 'content-images';

const keyOf = (key: BuildKey) => `${key.remote}@${key.version}`;

export class DatabaseArtifactStore implements ArtifactStore {
  readonly local: DirectoryArtifactStore;
  private readonly fetching = new Map<string, Promise<void>>();
  /** Builds this instance is writing: in its cache before they are in the database, never dropped meanwhile. */
  private readonly writing = new Set<string>();

  constructor(
    readonly cacheDir: string,
    private readonly db: () => Promise<ArtifactDatabase>,
    private readonly logger: Logger,
  ) {
    this.local = new DirectoryArtifactStore(cacheDir);
  }

  /** Where a build lives in the cache. */
  private folderOf(key: BuildKey): string {
    if (key.remote === SHELL_BUILDS) return path.join(this.cacheDir, SHELL_BUILDS_DIR, key.version);
    if (key.remote === CONTENT_IMAGES) return path.join(this.cacheDir, CONTENT_IMAGES_DIR, key.version);
    return path.join(this.cacheDir, key.remote, key.version);
  }

  private isValid(key: BuildKey): boolean {
    if (key.remote === SHELL_BUILDS) return SHELL_BUILD_ID.test(key.version);
    if (key.remote === CONTENT_IMAGES) return /^[0-9a-f]{32}\.webp$/.test(key.version);
    return isRemoteName(key.remote) && isReleaseVersion(key.version);
  }

  /** Copies a build from the database into the cache (once at a time per build), each file checked against its hash. */
  private fetch(key: BuildKey): Promise<void> {
    const id = keyOf(key);
    let running = this.fetching.get(id);
    if (!running) {
      running = this.copyIn(key).finally(() => this.fetching.delete(id));
      this.fetching.set(id, running);
    }
    return running;
  }

  private async copyIn(key: BuildKey): Promise<void> {
    const target = this.folderOf(key);
    if (!this.isValid(key) || fs.existsSync(target)) return;
    const db = await this.db();
    const files = await db.files(key);
    if (files.length === 0) return;
    // Written aside, renamed when whole: nothing serves half a build.
    const staging = path.join(path.dirname(target), `.staging-${path.basename(target)}-${crypto.randomUUID()}`);
    try {
      const single = key.remote === CONTENT_IMAGES;
      if (!single) await fs.promises.mkdir(staging, { recursive: true });
      else await fs.promises.mkdir(path.dirname(staging), { recursive: true });
      for (const file of files) {
        const out = single ? staging : path.join(staging, file.path);
        await fs.promises.mkdir(path.dirname(out), { recursive: true });
        await db.writeBlob(file.hash, out);
      }
      await fs.promises.rename(staging, target).catch((error: NodeJS.ErrnoException) => {
        if (!fs.existsSync(target)) throw error;
      });
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true });
    }
  }

  /** Runs a write to the cache then the database, the build held in the cache meanwhile. */
  private async writing_<T>(key: BuildKey, write: () => Promise<T>): Promise<T> {
    this.writing.add(keyOf(key));
    try {
      return await write();
    } finally {
      this.writing.delete(keyOf(key));
    }
  }

  locate(remote: RemoteName, version: string): string | undefined {
    return this.local.locate(remote, version);
  }

  async ensure(remote: RemoteName, version: string): Promise<string | undefined> {
    if (!this.locate(remote, version)) await this.fetch({ remote, version });
    return this.locate(remote, version);
  }

  put(remote: RemoteName, version: string, buildDir: string, checksums?: Record<string, string>): Promise<boolean> {
    return this.writing_({ remote, version }, async () => {
      await this.local.put(remote, version, buildDir, checksums);
      // What the database holds decides: another instance may have stored the same build already.
      return (await this.db()).putBuild({ remote, version }, this.local.locate(remote, version)!);
    });
  }

  async usage(remote: RemoteName): Promise<number> {
    return (await this.db()).usage(remote);
  }

  async versions(remote: RemoteName): Promise<StoredBuild[]> {
    return (await this.db()).builds(remote);
  }

  remove(remote: RemoteName, version: string): (() => Promise<boolean>) | undefined {
    const purgeLocal = this.local.remove(remote, version);
    return async () => {
      await purgeLocal?.();
      return (await this.db()).removeBuild({ remote, version });
    };
  }

  putShellBuild(id: string, assetsDir: string): Promise<boolean> {
    const key = { remote: SHELL_BUILDS, version: id };
    return this.writing_(key, async () => {
      await this.local.putShellBuild(id, assetsDir);
      return (await this.db()).putBuild(key, this.folderOf(key));
    });
  }

  locateShellFile(file: string): string | undefined {
    return this.local.locateShellFile(file);
  }

  async ensureShellFile(file: string): Promise<string | undefined> {
    const local = this.locateShellFile(file);
    if (local) return local;
    const version = await (await this.db()).buildHolding(SHELL_BUILDS, file);
    if (version) await this.fetch({ remote: SHELL_BUILDS, version });
    return this.locateShellFile(file);
  }

  async shellBuilds(): Promise<StoredBuild[]> {
    return (await this.db()).builds(SHELL_BUILDS);
  }

  removeShellBuild(id: string): (() => Promise<boolean>) | undefined {
    const purgeLocal = this.local.removeShellBuild(id);
    return async () => {
      await purgeLocal?.();
      return (await this.db()).removeBuild({ remote: SHELL_BUILDS, version: id });
    };
  }

  putContentImage(name: string, bytes: Buffer): Promise<boolean> {
    const key = { remote: CONTENT_IMAGES, version: name };
    return this.writing_(key, async () => {
      await this.local.putContentImage(name, bytes);
      const db = await this.db();
      const stored = await db.putFiles(key, [{ path: name, file: this.folderOf(key) }]);
      if (!stored) await db.touch(key);
      return stored;
    });
  }

  locateContentImage(name: string): string | undefined {
    return this.local.locateContentImage(name);
  }

  async ensureContentImage(name: string): Promise<string | undefined> {
    if (!this.locateContentImage(name)) await this.fetch({ remote: CONTENT_IMAGES, version: name });
    return this.locateContentImage(name);
  }

  async contentImages(): Promise<StoredContentImage[]> {
    return (await (await this.db()).builds(CONTENT_IMAGES)).map((b) => ({ name: b.version, uploadedAt: b.storedAt }));
  }

  async removeContentImage(name: string, uploadedBefore: Date): Promise<boolean> {
    const db = await this.db();
    const stored = (await db.builds(CONTENT_IMAGES)).find((b) => b.version === name);
    if (!stored || stored.storedAt >= uploadedBefore) return false;
    await fs.promises.rm(this.folderOf({ remote: CONTENT_IMAGES, version: name }), { force: true });
    return db.removeBuild({ remote: CONTENT_IMAGES, version: name });
  }

  async removeAbandonedWrites(writtenBefore: Date): Promise<number> {
    const local = await this.local.removeAbandonedWrites(writtenBefore);
    return local + (await (await this.db()).collectOrphans(writtenBefore.getTime() + 60 * 60 * 1000));
  }

  /**
   * Brings the cache in line with the database: fetches the builds it lacks (`first` before the
   * rest: what the site serves now) and drops the ones deleted elsewhere.
   */
  async sync(first: readonly BuildKey[] = []): Promise<void> {
    const db = await this.db();
    const stored = await db.allBuilds();
    const wanted = new Set(stored.map(keyOf));
    const order = [...first.filter((key) => wanted.has(keyOf(key))), ...stored];
    for (const key of order) {
      try {
        await this.fetch(key);
      } catch (error) {
        this.logger.error({ err: error, remote: key.remote, version: key.version }, 'could not copy a build from the database');
      }
    }
    for (const key of await this.cached()) {
      if (wanted.has(keyOf(key)) || this.writing.has(keyOf(key))) continue;
      await fs.promises.rm(this.folderOf(key), { recursive: true, force: true });
    }
  }

  /** Every build in the cache. */
  private async cached(): Promise<BuildKey[]> {
    const names = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.startsWith('.')) : []);
    const keys: BuildKey[] = [];
    for (const remote of names(this.cacheDir).filter(isRemoteName)) {
      for (const version of names(path.join(this.cacheDir, remote))) keys.push({ remote, version });
    }
    for (const version of names(path.join(this.cacheDir, SHELL_BUILDS_DIR))) keys.push({ remote: SHELL_BUILDS, version });
    for (const version of names(path.join(this.cacheDir, CONTENT_IMAGES_DIR))) keys.push({ remote: CONTENT_IMAGES, version });
    return keys;
  }
}
