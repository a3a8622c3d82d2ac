/**
 * Page views are held as they arrive and written every few seconds, so an ingest costs an array push
 * and no database round trip. At each write the views' ids are claimed in the ledger first (one
 * statement for the batch): a view whose id some instance already counted is a replay and counts
 * nothing. The claimed views are folded into counts (and, for the builds a running canary compares,
 * into each client's counts) and written in one transaction. At most `maxKeys` views wait, whatever
 * arrives: past that the buffer is written at once, and while that write runs further views are
 * dropped (and counted) rather than held.
 */
import type { Logger } from '../platform/logger';
import {
  addClientRow,
  clientTimingRow,
  countRow,
  serverRenderKeys,
  viewClientRows,
  viewClientTimingKeys,
  viewCountKeys,
  type CountedView,
  type JudgedBuild,
} from './counted-view';
import type { RumClientRow, RumStore } from './rum-store';

export { RUM_COUNTERS } from './counted-view';

/**
 * The route recorded for a report whose route the site does not know (an old page, a made-up one):
 * what a report names is never stored as such, so the routes kept are the site's own, a bounded set.
 */
export const UNKNOWN_ROUTE = 'other';

export interface AggregatorOptions {
  flushMs: number;
  retentionDays: number;
  /** Views waiting to be written at most, and distinct counts carried over a failed write at most. */
  maxKeys: number;
  /** The builds whose clients' counts are kept (a running canary's two sides); none when absent. */
  judged?: JudgedBuild;
  /** Told how many views of a write were replays (their id counted before). */
  onReplayed?: (views: number) => void;
  now?: () => number;
}

/** Counts folded from claimed views, kept until a write takes them. */
interface Folded {
  counts: Map<string, number>;
  clients: Map<string, RumClientRow>;
  /** Each client's timing buckets, for the builds a canary compares. */
  timings: Map<string, number>;
}

const emptyFold = (): Folded => ({ counts: new Map(), clients: new Map(), timings: new Map() });
const addTo = (map: Map<string, number>, key: string, n = 1) => map.set(key, (map.get(key) ?? 0) + n);

export class RumAggregator {
  private pending: CountedView[] = [];
  private folded: Folded = emptyFold();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPruneMinute = 0;
  /** Views dropped because the buffer was full while a write was under way (and counts a failed write could not keep). */
  dropped = 0;
  /** Views not counted because their id was counted before (a replayed report). */
  replayed = 0;

  constructor(
    private readonly store: () => Promise<RumStore>,
    private readonly logger: Logger,
    private readonly options: AggregatorOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  add(view: CountedView): void {
    if (this.pending.length >= this.options.maxKeys) {
      void this.flush();
      if (this.pending.length >= this.options.maxKeys) {
        this.dropped += 1;
        return;
      }
    }
    this.pending.push(view);
  }

  /**
   * Counts one server render of a section version (and its failure): the server's own evidence, so
   * nothing is claimed; written with the views' counts, summed across instances by the minute.
   */
  countRender(section: string, version: string, ok: boolean): void {
    const minute = Math.floor(this.now() / 60_000);
    // Bounded: one key or two per served section version and minute (the registry names the versions).
    for (const key of serverRenderKeys(minute, section, version, ok)) addTo(this.folded.counts, key);
  }

  /** Views and counts waiting to be written. */
  size(): number {
    return this.pending.length + this.folded.counts.size;
  }

  /** Writes what waits (and prunes past the retention window once a minute); one write at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.size() === 0) return Promise.resolve();
    const taken = this.pending;
    this.pending = [];
    this.flushing = this.write(taken).finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(taken: CountedView[]): Promise<void> {
    let store: RumStore;
    try {
      store = await this.store();
      const claimed = await store.claimViews(taken.map(({ id, expiresAt }) => ({ id, expiresAt })));
      this.fold(taken, claimed);
    } catch (error) {
      // Nothing was claimed: the views wait for the next write, as many as fit.
      this.pending = [...taken, ...this.pending].slice(0, this.options.maxKeys);
      this.logger.warn({ err: error }, 'real-user measurements could not be written; kept for the next flush');
      return;
    }
    const folded = this.folded;
    this.folded = emptyFold();
    try {
      await store.add(
        [...folded.counts].map(([key, count]) => countRow(key, count)),
        [...folded.clients.values()],
        [...folded.timings].map(([key, count]) => clientTimingRow(key, count)),
      );
      await this.pruneOncePerMinute(store);
    } catch (error) {
      // Measurements, not leads: the claimed views' counts are put back for the next write.
      this.refold(folded);
      this.logger.warn({ err: error }, 'real-user measurements could not be written; kept for the next flush');
    }
  }

  /** Folds the views whose ids this write claimed, each once. */
  private fold(views: readonly CountedView[], claimed: ReadonlySet<string>): void {
    const seen = new Set<string>();
    let replayed = 0;
    for (const view of views) {
      if (!claimed.has(view.id) || seen.has(view.id)) {
        replayed += 1;
        continue;
      }
      seen.add(view.id);
      // Bounded already: at most maxKeys views were waiting, each a handful of keys.
      for (const key of viewCountKeys(view)) addTo(this.folded.counts, key);
      const judged = this.options.judged;
      if (!judged) continue;
      for (const row of viewClientRows(view, judged)) addClientRow(this.folded.clients, row);
      for (const key of viewClientTimingKeys(view, judged)) addTo(this.folded.timings, key);
    }
    this.replayed += replayed;
    if (replayed > 0) this.options.onReplayed?.(replayed);
  }

  /** Puts back what a failed write took, up to ten times `maxKeys` distinct counts (the rest is dropped, and counted). */
  private refold({ counts, clients, timings }: Folded): void {
    for (const [key, n] of counts) {
      const had = this.folded.counts.get(key);
      if (had === undefined && this.folded.counts.size >= this.options.maxKeys * 10) this.dropped += n;
      else this.folded.counts.set(key, (had ?? 0) + n);
    }
    for (const row of clients.values()) addClientRow(this.folded.clients, row);
    // Bounded as the clients' rows are: at most a few keys per view of a judged build.
    for (const [key, n] of timings) addTo(this.folded.timings, key, n);
  }

  private async pruneOncePerMinute(store: RumStore): Promise<void> {
    const now = this.now();
    const minute = Math.floor(now / 60_000);
    if (minute === this.lastPruneMinute) return;
    this.lastPruneMinute = minute;
    await store.prune(minute - this.options.retentionDays * 24 * 60, now);
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.flush();
  }
}
