/**
 * Reports are folded into counts as they arrive and the counts are written every few seconds, so an
 * ingest costs a few map updates and no database round trip. The buffer holds at most `maxKeys`
 * distinct keys whatever arrives: past that it is flushed at once, and while that flush is still
 * writing, further new keys are dropped (and counted) rather than held.
 */
import { RUM_TIMINGS, type RumReport } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { bucketOf, TIMING_SCALE } from './histogram';
import type { RumRow, RumStore } from './rum-store';

/** Counters kept per section version; timings are kept as histograms under their own names. */
export const RUM_COUNTERS = {
  views: 'views',
  errors: 'errors',
  remoteFailures: 'remote_failures',
  skewRecovered: 'skew_recovered',
  form: (outcome: string) => `form_${outcome}`,
} as const;

/** The version recorded when a report names none for a section (a build the registry did not list). */
export const UNKNOWN_VERSION = '-';

/**
 * The route recorded for a report whose route the site does not know (an old page, a forged report):
 * what a report names is never stored as such, so the routes kept are the site's own, a bounded set.
 */
export const UNKNOWN_ROUTE = 'other';

export interface AggregatorOptions {
  flushMs: number;
  retentionDays: number;
  maxKeys: number;
  /** Whether the site serves a page of this route pattern or static path (known-routes.ts). */
  knownRoute: (route: string) => boolean;
  now?: () => number;
}

/** A buffer key's fields, in the order `add` joins them. */
type KeyParts = [minute: string, section: string, version: string, route: string, metric: string, device: string, bucket: string];

export class RumAggregator {
  private buffer = new Map<string, number>();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastPruneMinute = 0;
  /** Counts dropped because the buffer was full while a flush was writing. */
  dropped = 0;

  constructor(
    private readonly store: () => Promise<RumStore>,
    private readonly logger: Logger,
    private readonly options: AggregatorOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  add(report: RumReport): void {
    const minute = Math.floor(this.now() / 60_000);
    const { device, versions } = report;
    const versionOf = (section: string) => versions[section as keyof typeof versions] ?? UNKNOWN_VERSION;
    // Everything a page view reports is filed under its page's route, errors and failures included.
    const route = this.options.knownRoute(report.route) ? report.route : UNKNOWN_ROUTE;
    const count = (section: string, metric: string, bucket: number, n = 1) => {
      const key = `${minute}\t${section}\t${versionOf(section)}\t${route}\t${metric}\t${device}\t${bucket}`;
      const had = this.buffer.get(key);
      if (had === undefined && this.buffer.size >= this.options.maxKeys) {
        void this.flush();
        if (this.buffer.size >= this.options.maxKeys) {
          this.dropped += n;
          return;
        }
      }
      this.buffer.set(key, (had ?? 0) + n);
    };
    const page = report.section;
    count(page, RUM_COUNTERS.views, 0);
    for (const timing of RUM_TIMINGS) {
      const value = report.metrics[timing];
      if (value !== undefined) count(page, timing, bucketOf(value * TIMING_SCALE[timing]));
    }
    // Errors count against the version of the build whose file threw (the "other" section has none).
    for (const [section, n] of Object.entries(report.errors ?? {})) count(section, RUM_COUNTERS.errors, 0, n);
    for (const [remote, n] of Object.entries(report.remoteFailures ?? {})) count(remote, RUM_COUNTERS.remoteFailures, 0, n);
    // The page's section: apart from its errors, so tabs older than a release do not count against it.
    if (report.skewRecovered) count(page, RUM_COUNTERS.skewRecovered, 0, report.skewRecovered);
    for (const outcome of report.contactOutcomes ?? []) count(page, RUM_COUNTERS.form(outcome), 0);
  }

  /** Distinct keys waiting to be written. */
  size(): number {
    return this.buffer.size;
  }

  /** Writes the buffer (and prunes past the retention window once a minute); one flush at a time. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.buffer.size === 0) return Promise.resolve();
    const taken = this.buffer;
    this.buffer = new Map();
    this.flushing = this.write(taken).finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async write(taken: Map<string, number>): Promise<void> {
    const rows: RumRow[] = [];
    for (const [key, count] of taken) {
      const [minute, section, version, route, metric, device, bucket] = key.split('\t') as KeyParts;
      rows.push({ minute: Number(minute), section, version, route, metric, device, bucket: Number(bucket), count });
    }
    try {
      const store = await this.store();
      await store.add(rows);
      const minute = Math.floor(this.now() / 60_000);
      if (minute !== this.lastPruneMinute) {
        this.lastPruneMinute = minute;
        await store.prune(minute - this.options.retentionDays * 24 * 60);
      }
    } catch (error) {
      // Measurements, not leads: put back what fits and try again on the next flush.
      for (const [key, count] of taken) {
        if (this.buffer.size >= this.options.maxKeys && !this.buffer.has(key)) this.dropped += count;
        else this.buffer.set(key, (this.buffer.get(key) ?? 0) + count);
      }
      this.logger.warn({ err: error }, 'real-user measurements could not be written; kept for the next flush');
    }
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
