/**
 * Submissions per minute per client address (CONTACT_RATE_LIMIT; 0 turns it off). In memory by
 * default, in Redis with REDIS_URL (rate-limiter-flexible) so that every api instance counts against
 * one limit. If Redis cannot answer, the lead is still taken (validation and the honeypot still apply)
 * and a warning is logged: losing a lead is worse than a missed count.
 *
 * The client is ctx.ip (which app.ts derives from the trusted proxies: a client cannot choose it), keyed
 * by its IPv4 address or IPv6 /64 (platform/address-prefixes.ts).
 */
import Redis from 'ioredis';
import type { Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { limitKey } from './address-prefixes';
import { AppError } from './errors';
import type { Logger } from './logger';

export const WINDOW_SECONDS = 60;
/** At most one "Redis is down" warning per this many milliseconds, however many leads arrive. */
const WARN_EVERY_MS = 60_000;

export interface ContactLimiter {
  /** Counts one submission of `key`; rejects with a RateLimiterRes when over the limit, with anything else when the store failed. */
  consume(key: string): Promise<unknown>;
  /** Clients currently remembered (memory store only). */
  size?(): number;
  close(): Promise<void>;
}

export interface LimiterStore {
  url: string | undefined;
  keyPrefix: string;
  /** Clients the memory store remembers at most. */
  maxClients: number;
  /** The clock, for tests of the window. */
  now?: () => number;
}

/**
 * A fixed window per client in a bounded LRU map. rate-limiter-flexible's memory store only sweeps
 * expired keys, so many distinct addresses within a minute grow it without bound; here the least
 * recently seen client is forgotten first. A flood of new addresses can thus reset an old client's
 * count, never exhaust memory.
 */
export function memoryLimiter(perWindow: number, maxClients: number, now: () => number = Date.now): ContactLimiter {
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: maxClients });
  return {
    async consume(key) {
      const at = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= at) entry = { count: 0, resetAt: at + WINDOW_SECONDS * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      if (entry.count > perWindow) throw new RateLimiterRes(0, entry.resetAt - at, entry.count, false);
      return undefined;
    },
    size: () => windows.size,
    close: async () => undefined,
  };
}

export function contactLimiter(perMinute: number, store: LimiterStore): ContactLimiter | undefined {
  if (perMinute <= 0) return undefined;
  if (!store.url) return memoryLimiter(perMinute, store.maxClients, store.now);
  // No offline queue and one retry: a request never waits on a Redis that is not there.
  const client = new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1000 });
  client.on('error', () => undefined);
  const limiter = new RateLimiterRedis({
    keyPrefix: `${store.keyPrefix}:contact`,
    points: perMinute,
    duration: WINDOW_SECONDS,
    storeClient: client,
    rejectIfRedisNotReady: true,
  });
  return { consume: (key) => limiter.consume(key), close: async () => void client.disconnect() };
}

export function rateLimit(
  limit: ContactLimiter | undefined,
  logger: Logger,
  message = 'Too many submissions. Please try again in a minute.',
): Middleware {
  let lastWarning = 0;
  return async (ctx, next) => {
    if (!limit) return next();
    try {
      await limit.consume(limitKey(ctx.ip));
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        ctx.set('Retry-After', String(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000))));
        throw new AppError(429, 'rate_limited', message);
      }
      if (Date.now() - lastWarning > WARN_EVERY_MS) {
        lastWarning = Date.now();
        logger.warn({ err: outcome }, 'rate limit store unavailable: taking requests without counting them');
      }
    }
    await next();
  };
}
