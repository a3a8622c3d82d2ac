/**
 * Fixed-window limit per client address (CONTACT_RATE_LIMIT per minute; 0 turns it off). In memory:
 * with several instances each keeps its own count, which still bounds a single client's flood.
 */
import type { Middleware } from 'koa';
import { AppError } from '../errors';

const WINDOW_MS = 60_000;
/** Above this many tracked clients, expired windows are swept so the map cannot grow without bound. */
const SWEEP_AT = 10_000;

export function rateLimit(perMinute: number, now: () => number = Date.now): Middleware {
  const windows = new Map<string, { start: number; count: number }>();
  return async (ctx, next) => {
    if (perMinute <= 0) return next();
    const time = now();
    if (windows.size > SWEEP_AT) {
      for (const [key, w] of windows) if (time - w.start >= WINDOW_MS) windows.delete(key);
    }
    const key = ctx.ip;
    let window = windows.get(key);
    if (!window || time - window.start >= WINDOW_MS) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > perMinute) {
      ctx.set('Retry-After', String(Math.ceil((window.start + WINDOW_MS - time) / 1000)));
      throw new AppError(429, 'rate_limited', 'Too many submissions. Please try again in a minute.');
    }
    await next();
  };
}
