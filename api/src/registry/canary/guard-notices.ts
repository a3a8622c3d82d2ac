/**
 * The guard's notices to the team (`release.guard` on RELEASE_WEBHOOK_URL), sent beside the guard's
 * tick rather than in it: a webhook that is down or slow never delays the next decision. A notice the
 * webhook does not take is tried again with the outbox relay's backoff (doubling from a second, with
 * jitter; six attempts over about half a minute), under the same idempotency key, so a receiver that
 * took an attempt whose answer was lost drops the repeat. Kept in memory, not in the database: the
 * decision itself is in the audit trail, and a notice still waiting when the api stops, or out of
 * attempts, is logged as given up.
 */
import type { Logger } from '../../platform/logger';
import { backoffDelay, type RelayOptions } from '../../leads/outbox-relay';
import type { GuardDecision } from './canary-guard';

export type NoticeRetry = Pick<RelayOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>;

export const DEFAULT_NOTICE_RETRY: NoticeRetry = { baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 6 };

export class GuardNotices {
  private readonly waiting = new Map<NodeJS.Timeout, GuardDecision>();
  private readonly sending = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly send: (decision: GuardDecision) => Promise<void>,
    private readonly logger: Logger,
    private readonly retry: NoticeRetry = DEFAULT_NOTICE_RETRY,
  ) {}

  /** Starts telling the team of `decision`; returns at once. */
  post(decision: GuardDecision): void {
    this.attempt(decision, 1);
  }

  /** Stops retrying: what waits is logged as given up; attempts under way are waited for (each has a deadline). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const [timer, decision] of this.waiting) {
      clearTimeout(timer);
      this.giveUp(decision, new Error('the api stopped before the next attempt'));
    }
    this.waiting.clear();
    await Promise.all(this.sending);
  }

  private attempt(decision: GuardDecision, attempt: number): void {
    const sending = this.send(decision)
      .catch((error: unknown) => this.failed(decision, attempt, error))
      .finally(() => this.sending.delete(sending));
    this.sending.add(sending);
  }

  private failed(decision: GuardDecision, attempt: number, error: unknown): void {
    if (this.stopped || attempt >= this.retry.maxAttempts) return this.giveUp(decision, error, attempt);
    const delay = backoffDelay(attempt, this.retry);
    this.logger.warn(
      { err: error, ...about(decision), attempt, retryInMs: delay },
      'canary guard: the release webhook did not take the notice; trying again',
    );
    const timer = setTimeout(() => {
      this.waiting.delete(timer);
      this.attempt(decision, attempt + 1);
    }, delay);
    timer.unref();
    this.waiting.set(timer, decision);
  }

  private giveUp(decision: GuardDecision, error: unknown, attempts?: number): void {
    this.logger.error({ err: error, ...about(decision), attempts }, 'canary guard: gave up telling the release webhook of a decision');
  }
}

const about = (decision: GuardDecision) => ({
  remote: decision.remote,
  version: decision.version,
  action: decision.action,
  at: decision.at,
});
