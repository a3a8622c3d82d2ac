/**
 * Every instance follows the published content: it polls the content revision counter (POLL_MS) and,
 * when it moved, reloads the live items and the renamed items' old paths, and swaps them in whole
 * (LiveContent). Each poll first publishes the scheduled items that are due, so one goes live on time
 * even when nobody edits; of all the instances trying, one commits it (content-service.ts).
 * A failed read keeps the content last held and is logged once: the site goes on serving it.
 */
import type { Logger } from '../platform/logger';
import { Poller } from '../platform/poller';
import type { ContentItems } from './content-store';
import { itemsOf, KINDS } from './content-kinds';
import type { ContentService } from './content-service';
import type { EditorialStore, LiveItem } from './editorial-store';
import type { LiveContent } from './live-content';

export const POLL_MS = 500;

/** The read model's items from the database's live rows; a row its schema refuses is left out and logged. */
export function publishedItems(rows: readonly LiveItem[], logger: Logger): ContentItems {
  const checked = rows.filter((row) => {
    const ok = KINDS[row.kind].publicSchema.safeParse(row.body).success;
    if (!ok) logger.error({ kind: row.kind, uid: row.uid }, 'a live content item no longer passes its schema: left out');
    return ok;
  });
  const items = itemsOf(checked.filter((row) => row.state !== 'unpublished'));
  const withdrawn = itemsOf(checked.filter((row) => row.state === 'unpublished' && row.kind === 'jobs'));
  return { ...items, withdrawnJobs: withdrawn.jobs };
}

export class ContentFollower {
  private readonly poller: Poller;

  constructor(
    private readonly store: () => Promise<EditorialStore>,
    private readonly service: ContentService,
    private readonly live: LiveContent,
    private readonly logger: Logger,
    pollMs = POLL_MS,
  ) {
    const messages = { failing: 'cannot read the content; serving the content last published', recovered: 'content readable again' };
    this.poller = new Poller(() => this.read(), logger, messages, pollMs);
  }

  /** Publishes what is due and reloads what changed; a read already under way is shared. */
  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  private async read(): Promise<void> {
    await this.service.publishDue();
    const store = await this.store();
    const revision = await store.liveRevision();
    if (revision === this.live.revision) return;
    const [rows, redirects] = await Promise.all([store.liveItems(), store.redirects()]);
    this.live.replace(publishedItems(rows, this.logger), revision, redirects);
    this.logger.debug({ revision }, 'content reloaded');
  }

  start(): Promise<void> {
    return this.poller.start();
  }

  stop(): void {
    this.poller.stop();
  }
}
