/**
 * Background relay: leases due outbox rows and delivers them, retrying with exponential backoff and
 * jitter; after `maxAttempts` a row stays `failed` (visible in the outbox and logged by lead id).
 * It polls, and is also kicked after each new lead so notifications leave within milliseconds.
 */
import type { Channel, LeadStore, OutboxJob } from './lead-store';
import type { Logger } from '../platform/logger';
import type { Notifiers } from './notifiers';

export interface RelayOptions {
  pollMs: number;
  batchSize: number;
  /** How long a leased row is reserved for the relay that took it. */
  leaseMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

export const DEFAULT_RELAY_OPTIONS: RelayOptions = {
  pollMs: 1000,
  batchSize: 20,
  leaseMs: 60_000,
  baseDelayMs: 2000,
  maxDelayMs: 10 * 60_000,
  maxAttempts: 8,
};

/** Delay before attempt `attempts + 1`: doubling from the base, capped, with ±20% jitter so retries spread out. */
export function backoffDelay(attempts: number, options: Pick<RelayOptions, 'baseDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const raw = Math.min(options.baseDelayMs * 2 ** Math.max(0, attempts - 1), options.maxDelayMs);
  return Math.round(raw * (0.8 + 0.4 * random()));
}

export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly options: RelayOptions;

  constructor(
    private readonly store: () => Promise<LeadStore>,
    private readonly notifiers: Notifiers,
    private readonly logger: Logger,
    options: Partial<RelayOptions> = {},
  ) {
    this.options = { ...DEFAULT_RELAY_OPTIONS, ...options };
  }

  get channels(): Channel[] {
    return Object.keys(this.notifiers) as Channel[];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass soon; a kick during a pass schedules one more, so nothing waits for the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops polling and waits for the delivery in flight (SIGTERM: drain before closing the database). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.runOnce()) === this.options.batchSize);
      } catch (error) {
        this.logger.error({ err: error }, 'outbox relay pass failed');
      }
    } while (this.again && !this.stopped);
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
      const attempts = entry.attempts + 1;
      const giveUp = attempts >= this.options.maxAttempts;
      const retryAt = giveUp ? null : Date.now() + backoffDelay(attempts, this.options);
      await store.markAttemptFailed(entry.id, message, retryAt);
      if (giveUp) this.logger.error({ ...log, error: message }, 'lead notification failed for good');
      else this.logger.warn({ ...log, error: message, retryAt }, 'lead notification failed; will retry');
    }
  }
}
