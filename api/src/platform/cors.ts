/**
 * CORS for the site's own origin and the remotes' origins only (@koa/cors would default to `*`).
 * Credentials are allowed because the front ends fetch with `credentials: 'include'`.
 */
import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { ALLOWED_METHODS } from './request-guard';

/**
 * `siteOrigin`: the public origin (SITE_URL). Never the request's own Host: a client writes that
 * header, so an origin built from it would grant credentials to whichever site the client names.
 * Same-origin requests need no CORS answer at all.
 */
export function corsPolicy(siteOrigin: string, remoteOrigins: () => string[]): Middleware {
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      const allowed = origin === siteOrigin || remoteOrigins().includes(origin);
      return allowed ? origin : '';
    },
    credentials: true,
    allowMethods: [...ALLOWED_METHODS],
    allowHeaders: ['Content-Type', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}
