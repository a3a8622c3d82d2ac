/**
 * Deletes uploaded content images that nothing refers to. An upload is kept while any revision of any
 * item names it (a draft, the published one, or an old revision that may be restored), and for a grace
 * period after it was last uploaded whatever refers to it, so an editor who uploads now and saves
 * later never loses the image.
 *
 * Every instance sweeps on its own, with no lock: the images are shared, and two sweeps deleting the
 * same file is harmless. A save that starts naming an old unreferenced upload while a sweep runs is
 * what could go wrong, so each file's references and age are read again right before it is deleted;
 * an editor holds such a `src` only by uploading it, which restarts its grace period.
 *
 * The same sweep removes what an instance stopped mid-write left in the shared folder (a release
 * upload being unpacked, a release being copied or removed, half an image): never served, but disk.
 */
import { UPLOADED_IMAGE_PREFIX } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { ABANDONED_AFTER_MS, type ArtifactStore } from '../artifacts/artifact-store';
import type { EditorialStore } from './editorial-store';

const HOUR_MS = 60 * 60 * 1000;
/** Often enough that nothing lingers long past its grace period; the work is a directory listing. */
const SWEEP_EVERY_MS = HOUR_MS;

export interface UploadSweepDeps {
  artifacts: ArtifactStore;
  store(): Promise<EditorialStore>;
  logger: Logger;
  graceHours: number;
  now?(): Date;
}

export class UploadSweep {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;

  constructor(private readonly deps: UploadSweepDeps) {}

  /** Sweeps now (in the background: a failure is logged) and then every hour. */
  start(): void {
    if (this.timer) return;
    void this.sweep().catch(() => undefined);
    this.timer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping?.catch(() => undefined);
  }

  /** Deletes the unreferenced uploads past their grace period; resolves to how many this call deleted. */
  sweep(): Promise<number> {
    this.sweeping ??= this.removeUnreferenced()
      .then(
        (removed) => {
          if (removed > 0) this.deps.logger.info({ removed }, 'unreferenced content uploads removed');
          return removed;
        },
        (error: unknown) => {
          this.deps.logger.warn({ err: error }, 'content uploads not swept: the content could not be read; nothing was deleted');
          throw error;
        },
      )
      .finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  private async removeUnreferenced(): Promise<number> {
    const { artifacts } = this.deps;
    const now = (this.deps.now?.() ?? new Date()).getTime();
    // What an instance stopped mid-write left in the shared folder (a release upload, an image).
    const abandoned = await artifacts.removeAbandonedWrites(new Date(now - ABANDONED_AFTER_MS));
    if (abandoned > 0) this.deps.logger.info({ abandoned }, 'half-written uploads removed');
    const cutoff = new Date(now - this.deps.graceHours * HOUR_MS);
    const old = (await artifacts.contentImages()).filter((image) => image.uploadedAt < cutoff);
    if (old.length === 0) return 0;
    const store = await this.deps.store();
    // One read for every revision naming any upload, rather than one per file.
    const bodies = await store.revisionBodiesContaining(UPLOADED_IMAGE_PREFIX);
    const named = (name: string) => bodies.some((body) => body.includes(`${UPLOADED_IMAGE_PREFIX}${name}`));
    let removed = 0;
    for (const { name } of old.filter((image) => !named(image.name))) {
      // Read again just before deleting: a save may have named it since the read above.
      if ((await store.revisionBodiesContaining(`${UPLOADED_IMAGE_PREFIX}${name}`)).length > 0) continue;
      if (await artifacts.removeContentImage(name, cutoff)) removed += 1;
    }
    return removed;
  }
}
