/**
 * Submissions per minute per client address (CONTACT_RATE_LIMIT; 0 turns it off), counted with
 * rate-limiter-flexible: in memory by default, in Redis with REDIS_URL so that every api instance
 * counts against one limit. If Redis cannot answer, the lead is still taken (validation and the
 * honeypot still apply) and a warning is logged: losing a lead is worse than a missed count.
 */
import Redis from 'ioredis';
import type { Middleware } from 'koa';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../errors';
import type { Logger } from '../logger';

const WINDOW_SECONDS = 60;
/** At most one "Redis is down" warning per this many milliseconds, however many leads arrive. */
const WARN_EVERY_MS = 60_000;

export interface ContactLimiter {
  limiter: RateLimiterAbstract;
  close(): Promise<void>;
}

export function contactLimiter(perMinute: number, redis: { url: string | undefined; keyPrefix: string }): ContactLimiter | undefined {
  if (perMinute <= 0) return undefined;
  const redisUrl = redis.url;
  const options = { keyPrefix: `${redis.keyPrefix}:contact`, points: perMinute, duration: WINDOW_SECONDS };
  if (!redisUrl) return { limiter: new RateLimiterMemory(options), close: async () => undefined };
  // No offline queue and one retry: a request never waits on a Redis that is not there.
  const client = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1000 });
  client.on('error', () => undefined);
  const limiter = new RateLimiterRedis({ ...options, storeClient: client, rejectIfRedisNotReady: true });
  return { limiter, close: async () => void client.disconnect() };
}

export function rateLimit(limit: ContactLimiter | undefined, logger: Logger): Middleware {
  let lastWarning = 0;
  return async (ctx, next) => {
    if (!limit) return next();
    try {
      await limit.limiter.consume(ctx.ip);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        ctx.set('Retry-After', String(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000))));
        throw new AppError(429, 'rate_limited', 'Too many submissions. Please try again in a minute.');
      }
      if (Date.now() - lastWarning > WARN_EVERY_MS) {
        lastWarning = Date.now();
        logger.warn({ err: outcome }, 'rate limit store unavailable: taking submissions without counting them');
      }
    }
    await next();
  };
}
