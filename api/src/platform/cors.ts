/**
 * CORS for the site's own origin and the remotes' origins only (@koa/cors would default to `*`).
 * Credentials are allowed because the front ends fetch with `credentials: 'include'`.
 */
import cors from '@koa/cors';
import type { Middleware } from 'koa';
import { ALLOWED_METHODS } from './request-guard';

/** `siteOrigin`: the public origin (SITE_URL), which may differ from the host a request reached. */
export function corsPolicy(siteOrigin: string, remoteOrigins: () => string[]): Middleware {
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      // Built from protocol and host: Koa 3's ctx.origin is not reliably the server's own origin here.
      // X-Forwarded-Host and -Proto count only behind trusted proxies (TRUST_PROXY_HOPS, app.ts).
      const own = `${ctx.protocol}://${ctx.host}`;
      const allowed = origin === siteOrigin || origin === own || remoteOrigins().includes(origin);
      return allowed ? origin : '';
    },
    credentials: true,
    allowMethods: [...ALLOWED_METHODS],
    allowHeaders: ['Content-Type', 'X-Request-Id'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}
