/**
 * The guard's notices to the team (`release.guard` on RELEASE_WEBHOOK_URL), as durable as the leads'
 * outbox. A decision's release event is committed with its notice pending, in the decision's own
 * transaction (RegistryStore), so a committed decision always has its notice. Every instance runs
 * this relay: it claims due notices with a lease (one instance sends each attempt), posts each
 * through the leads' webhook code with the event's id as idempotency key, and marks it sent, or
 * tries again with the outbox relay's backoff, or after the last attempt marks it failed and logs an
 * error. A notice left pending by an instance that stopped or died is sent by any instance once its
 * lease runs out. The guard's tick only kicks the relay: it never waits for the webhook.
 */
import { postWebhook } from '../../leads/notifiers';
import { DEFAULT_RELAY_OPTIONS, retryAfterFailure, type RelayOptions } from '../../platform/delivery-retries';
import type { Logger } from '../../platform/logger';
import { RelayLoop } from '../../platform/relay-loop';
import type { ReleaseNotice, ReleaseNoticeStore } from '../release-notices';
import type { DecisionNotices, GuardDecision } from './canary-guard';

/** The key a receiver drops repeats of one notice by: its release event's id. */
const noticeKey = (notice: Pick<ReleaseNotice, 'eventId'>) => `release-event-${notice.eventId}`;

export class NoticeRelay implements DecisionNotices {
  private readonly options: RelayOptions;
  private readonly loop: RelayLoop;

  /** With the leads' relay options unless given (their lease outlasts the webhook's 10 s deadline). */
  constructor(
    private readonly url: string,
    private readonly store: () => Promise<ReleaseNoticeStore>,
    private readonly logger: Logger,
    options: Partial<RelayOptions> = {},
  ) {
    this.options = { ...DEFAULT_RELAY_OPTIONS, ...options };
    this.loop = new RelayLoop(() => this.runOnce(), this.options, logger, 'canary guard: a pass of the notice relay failed');
  }

  body(decision: GuardDecision): string {
    return JSON.stringify({ type: 'release.guard', ...decision });
  }

  /** A decision and its notice were committed: sent soon, not at the next poll. */
  committed(): void {
    this.loop.kick();
  }

  start(): void {
    this.loop.start();
  }

  /** Stops polling and waits for the attempts in flight (each has the webhook's deadline). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One batch; answers how many notices it handled. */
  async runOnce(now = Date.now()): Promise<number> {
    const notices = await this.store();
    const claimed = await notices.claimDue(this.options.batchSize, this.options.leaseMs, now);
    await Promise.all(claimed.map((notice) => this.send(notices, notice)));
    return claimed.length;
  }

  private async send(notices: ReleaseNoticeStore, notice: ReleaseNotice): Promise<void> {
    const body = JSON.parse(notice.body) as { type: string; action?: string; version?: string };
    const attempt = notice.attempts + 1;
    const log = { eventId: notice.eventId, remote: notice.remote, action: body.action, version: body.version, attempt };
    const refused = await postWebhook(this.url, body, noticeKey(notice)).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    if (!refused) {
      if (await notices.markSent(notice)) this.logger.info(log, 'canary guard: the team was told of a decision');
      else this.logger.warn(log, 'canary guard: a notice was sent after its lease ran out; another instance may send it too');
      return;
    }
    const retryAt = retryAfterFailure(attempt, this.options);
    await notices.markAttemptFailed(notice, refused.message, retryAt);
    if (retryAt === null) this.logger.error({ ...log, err: refused }, 'canary guard: gave up telling the release webhook of a decision');
    else this.logger.warn({ ...log, err: refused, retryAt }, 'canary guard: the release webhook did not take the notice; trying again');
  }
}
