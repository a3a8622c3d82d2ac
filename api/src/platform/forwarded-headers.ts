/**
 * Behind trusted proxies Koa believes X-Forwarded-Host and -Proto, but it reads their LEFTMOST value,
 * which is whatever the client sent: each proxy adds its own value after what it received. The value
 * to believe is the one the outermost trusted proxy wrote, `hops` from the right, as for
 * X-Forwarded-For. This keeps only that value, so `ctx.host` and `ctx.protocol` are the proxies' word.
 */
import type { Middleware } from 'koa';

const FORWARDED = ['x-forwarded-host', 'x-forwarded-proto'] as const;

export function trustedForwardedHeaders(hops: number): Middleware {
  return async (ctx, next) => {
    if (hops > 0) {
      for (const name of FORWARDED) {
        const raw = ctx.request.headers[name];
        if (raw === undefined) continue;
        const values = (Array.isArray(raw) ? raw.join(',') : raw)
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
        const trusted = values[Math.max(0, values.length - hops)];
        if (trusted === undefined) delete ctx.request.headers[name];
        else ctx.request.headers[name] = trusted;
      }
    }
    await next();
  };
}
