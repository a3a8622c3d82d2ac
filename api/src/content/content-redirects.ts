import type { Middleware } from 'koa';
import type { LiveContent } from './live-content';

/**
 * A published item whose id changed answers on its old paths (its page and its api path) with a 301
 * to the new ones, so links and search results keep working. Query strings go along.
 */
export function contentRedirects(live: LiveContent): Middleware {
  return async (ctx, next) => {
    const to = ctx.method === 'GET' || ctx.method === 'HEAD' ? live.redirectFor(ctx.path) : undefined;
    if (!to) return next();
    ctx.status = 301;
    ctx.redirect(ctx.querystring ? `${to}?${ctx.querystring}` : to);
  };
}
