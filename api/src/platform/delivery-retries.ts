/**
 * Delivery retries shared by every relay of a durable outbox (leads' notifications, release notices,
 * edge purges): when to try again after a failure, and how much of an error a row keeps.
 */

export interface RelayOptions {
  pollMs: number;
  batchSize: number;
  /** How long a leased row is reserved for the relay that took it. */
  leaseMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
}

/**
 * Retries from 2 s, doubling to one an hour, for about a day (34 attempts): a CRM or mail server down
 * for a night still gets every lead. Past that a notification stays `failed` until `npm run
 * leads:resend` queues it again.
 */
export const DEFAULT_RELAY_OPTIONS: RelayOptions = {
  pollMs: 1000,
  batchSize: 20,
  leaseMs: 60_000,
  baseDelayMs: 2000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 34,
};

/** Delay before attempt `attempts + 1`: doubling from the base, capped, with ±20% jitter so retries spread out. */
export function backoffDelay(attempts: number, options: Pick<RelayOptions, 'baseDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const raw = Math.min(options.baseDelayMs * 2 ** Math.max(0, attempts - 1), options.maxDelayMs);
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/** When to try again after failed attempt number `attempt` (from 1), or null when it was the last one. */
export function retryAfterFailure(
  attempt: number,
  options: Pick<RelayOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>,
): number | null {
  return attempt >= options.maxAttempts ? null : Date.now() + backoffDelay(attempt, options);
}

/** An error as a row keeps it: enough to read, never a whole stack or body. */
export const clipError = (message: string) => message.slice(0, 500);
