/**
 * Sends the purge jobs (purge-jobs.ts) to every configured cache. Every instance runs it; a job is
 * claimed with a lease, so each attempt is made by one instance, and a change's purge is sent once
 * across instances (in its passes: at once, again once every instance follows the change, and for a
 * section's pages once more when every instance can have warmed the section's new build).
 * Before a pass this instance reads the registry and the content again, so the refills its purge
 * causes here already see the change. A cache that fails is tried again with backoff (from half a
 * second, doubling to 5 s, for about a day), and only the caches that have not taken the pass are
 * asked again. Purges are idempotent: a lease lost to a slow cache costs a repeat, never a miss.
 */
import { retryAfterFailure, type RelayOptions } from '../platform/delivery-retries';
import type { Logger } from '../platform/logger';
import { RelayLoop } from '../platform/relay-loop';
import { WARM_SWITCH_LIMIT_MS } from '../serving/warm-switch';
import { sectionTag } from './edge-tags';
import type { PurgeJob, PurgeJobStore } from './purge-jobs';
import type { PurgeTarget } from './purge-targets';

/**
 * Quick: a purge is wanted within a second of its change, and a cache back from an outage is purged
 * within seconds (retries every 5 s at most, for a day: a purge costs a cache next to nothing).
 */
export const DEFAULT_PURGE_RELAY_OPTIONS: RelayOptions = {
  pollMs: 200,
  batchSize: 20,
  leaseMs: 60_000,
  baseDelayMs: 500,
  maxDelayMs: 5000,
  maxAttempts: 17_280,
};

const SENT_KEPT_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60_000;
/** After this, every instance has followed the change (each polls every 500 ms), however busy. */
export const CONFIRM_AFTER_MS = 2000;
/**
 * After this, every instance serves a section's new build: an instance keeps the previous build while
 * it warms the new one, for up to WARM_SWITCH_LIMIT_MS after it followed the change, and a cache may
 * refill the section's pages from it meanwhile.
 */
export const WARMED_AFTER_MS = WARM_SWITCH_LIMIT_MS + CONFIRM_AFTER_MS;

const SECTION_TAG = sectionTag('');

/**
 * When the pass after `job`'s current one is due (epoch ms), or null when this pass is its last: the
 * second once every instance followed the change; a third, for a section's pages (a registry move),
 * `settleAfterMs` after the change, once every instance can have warmed the build it moved to.
 */
export function nextPassAt(job: Pick<PurgeJob, 'passes' | 'createdAt' | 'hard' | 'soft'>, settleAfterMs = WARMED_AFTER_MS): number | null {
  if (job.passes === 0) return job.createdAt + CONFIRM_AFTER_MS;
  const sectionPages = [...job.hard, ...job.soft].some((tag) => tag.startsWith(SECTION_TAG));
  return job.passes === 1 && sectionPages && settleAfterMs > CONFIRM_AFTER_MS ? job.createdAt + settleAfterMs : null;
}

export interface PurgeRelayDeps {
  store(): Promise<PurgeJobStore>;
  targets: readonly PurgeTarget[];
  logger: Logger;
  /** Brings this instance up to date with the database (registry and content) before a pass. */
  follow(): Promise<void>;
  /** When a section's pages get their last pass (nextPassAt); WARMED_AFTER_MS unless said. */
  settleAfterMs?: number;
}

export class PurgeRelay {
  private readonly options: RelayOptions;
  private readonly loop: RelayLoop;
  private prunedAt = 0;

  constructor(
    private readonly deps: PurgeRelayDeps,
    options: Partial<RelayOptions> = {},
  ) {
    this.options = { ...DEFAULT_PURGE_RELAY_OPTIONS, ...options };
    this.loop = new RelayLoop(() => this.runOnce(), this.options, deps.logger, 'edge purge relay: a pass failed');
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a pass soon (a change was just committed here). */
  kick(): void {
    this.loop.kick();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One batch; answers how many jobs it handled. */
  async runOnce(now = Date.now()): Promise<number> {
    const store = await this.deps.store();
    if (now - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await store.prune(now - SENT_KEPT_MS);
    }
    const jobs = await store.claimDue(this.options.batchSize, this.options.leaseMs, now);
    if (jobs.length === 0) return 0;
    await this.deps.follow();
    await Promise.all(jobs.map((job) => this.send(store, job)));
    return jobs.length;
  }

  private async send(store: PurgeJobStore, job: PurgeJob): Promise<void> {
    const sentTo = new Set(job.sentTo);
    const errors: string[] = [];
    await Promise.all(
      this.deps.targets
        .filter((target) => !sentTo.has(target.name))
        .map((target) =>
          target.purge(job.hard, job.soft).then(
            () => sentTo.add(target.name),
            (error: unknown) => errors.push(error instanceof Error ? error.message : String(error)),
          ),
        ),
    );
    const { logger } = this.deps;
    const log = { purgeId: job.id, reason: job.reason, tags: job.hard, soft: job.soft, pass: job.passes + 1, attempt: job.attempts + 1 };
    if (errors.length === 0) {
      const again = nextPassAt(job, this.deps.settleAfterMs);
      if (await store.markDelivered({ ...job, sentTo: [...sentTo] }, again))
        logger.info({ ...log, ageMs: Date.now() - job.createdAt }, 'edge purge sent');
      return;
    }
    const retryAt = retryAfterFailure(job.attempts + 1, this.options);
    await store.markAttemptFailed(job, [...sentTo], errors.join('; '), retryAt);
    if (retryAt === null) logger.error({ ...log, errors }, 'edge purge: gave up; the caches named keep those pages until they expire');
    else logger.warn({ ...log, errors, retryAt }, 'edge purge: a cache did not take it; trying that cache again');
  }
}
