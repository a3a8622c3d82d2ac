/**
 * Background relay: leases due outbox rows and delivers them, retrying with exponential backoff and
 * jitter; after `maxAttempts` a row stays `failed` (visible in the outbox and logged by lead id).
 * It polls, and is also kicked after each new lead so notifications leave within milliseconds.
 */
import type { Channel, LeadStore, OutboxJob } from './lead-store';
import type { Logger } from '../platform/logger';
import { DEFAULT_RELAY_OPTIONS, retryAfterFailure, type RelayOptions } from '../platform/delivery-retries';
import { RelayLoop } from '../platform/relay-loop';
import type { Notifiers } from './notifiers';

export class OutboxRelay {
  private readonly options: RelayOptions;
  private readonly loop: RelayLoop;

  constructor(
    private readonly store: () => Promise<LeadStore>,
    private readonly notifiers: Notifiers,
    private readonly logger: Logger,
    options: Partial<RelayOptions> = {},
  ) {
    this.options = { ...DEFAULT_RELAY_OPTIONS, ...options };
    this.loop = new RelayLoop(() => this.runOnce(), this.options, logger, 'outbox relay pass failed');
  }

  get channels(): Channel[] {
    return Object.keys(this.notifiers) as Channel[];
  }

  start(): void {
    this.loop.start();
  }

  /** Runs a pass soon; a kick during a pass schedules one more, so nothing waits for the next poll. */
  kick(): void {
    this.loop.kick();
  }

  /** Stops polling and waits for the delivery in flight (SIGTERM: drain before closing the database). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One batch; answers how many rows it handled. */
  async runOnce(now = Date.now()): Promise<number> {
    const store = await this.store();
    const jobs = await store.claimDue(this.options.batchSize, this.options.leaseMs, now);
    await Promise.all(jobs.map((job) => this.deliver(store, job)));
    return jobs.length;
  }

  private async deliver(store: LeadStore, { entry, lead }: OutboxJob): Promise<void> {
    const send = this.notifiers[entry.channel];
    const log = { leadId: lead.id, outboxId: entry.id, channel: entry.channel, attempt: entry.attempts + 1 };
    try {
      if (!send) throw new Error(`channel ${entry.channel} is not configured`);
      await send(lead);
      await store.markDelivered(entry.id);
      this.logger.info(log, 'lead notification delivered');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = retryAfterFailure(log.attempt, this.options);
      await store.markAttemptFailed(entry.id, message, retryAt);
      if (retryAt === null) this.logger.error({ ...log, error: message }, 'lead notification failed for good');
      else this.logger.warn({ ...log, error: message, retryAt }, 'lead notification failed; will retry');
    }
  }
}
