/**
 * Every instance follows the published content: it polls the content revision counter (POLL_MS) and,
 * when it moved, reloads the live items and the renamed items' old paths, and swaps them in whole
 * (LiveContent). Each poll first publishes the scheduled items that are due, so one goes live on time
 * even when nobody edits; of all the instances trying, one commits it (content-service.ts).
 * A failed read keeps the content last held and is logged once: the site goes on serving it.
 */
import type { Logger } from '../platform/logger';
import type { ContentItems } from './content-store';
import { itemsOf, KINDS } from './content-kinds';
import type { ContentService } from './content-service';
import type { EditorialStore, LiveItem } from './editorial-store';
import type { LiveContent } from './live-content';

export const POLL_MS = 500;

/** The read model's items from the database's live rows; a row its schema refuses is left out and logged. */
export function publishedItems(rows: readonly LiveItem[], logger: Logger): ContentItems {
  const checked = rows.filter((row) => {
    const ok = KINDS[row.kind].schema.safeParse(row.body).success;
    if (!ok) logger.error({ kind: row.kind, uid: row.uid }, 'a live content item no longer passes its schema: left out');
    return ok;
  });
  const items = itemsOf(checked.filter((row) => row.state !== 'unpublished'));
  const withdrawn = itemsOf(checked.filter((row) => row.state === 'unpublished' && row.kind === 'jobs'));
  return { ...items, withdrawnJobs: withdrawn.jobs };
}

export class ContentFollower {
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly store: () => Promise<EditorialStore>,
    private readonly service: ContentService,
    private readonly live: LiveContent,
    private readonly logger: Logger,
    private readonly pollMs = POLL_MS,
  ) {}

  /** Publishes what is due and reloads what changed; a read already under way is shared. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      await this.service.publishDue();
      const store = await this.store();
      const revision = await store.liveRevision();
      if (revision !== this.live.revision) {
        const [rows, redirects] = await Promise.all([store.liveItems(), store.redirects()]);
        this.live.replace(publishedItems(rows, this.logger), revision, redirects);
        this.logger.debug({ revision }, 'content reloaded');
      }
      if (this.failing) this.logger.info('content readable again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.error({ err: error }, 'cannot read the content; serving the content last published');
      this.failing = true;
    }
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer ??= setInterval(() => void this.refresh(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
