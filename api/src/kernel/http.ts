/**
 * The Koa application from a system's middleware and routers: the middleware stages in order, then
 * the api routers (an `/api` path nobody answered is a JSON 404, never a page), then the pages and
 * files, then the one catch-all.
 */
import type Koa from 'koa';
import { NotFound } from '../platform/errors';
import { MIDDLEWARE_STAGES } from './module';
import type { System } from './system';

export function mountSystem(koa: Koa, system: System): void {
  for (const stage of MIDDLEWARE_STAGES) for (const middleware of system.middleware[stage]) koa.use(middleware);
  koa.use(apiNotFound);
  for (const router of system.routers.api) {
    koa.use(router.routes());
    koa.use(router.allowedMethods({ throw: true }));
  }
  // /api paths end here: they never fall through to files or the HTML app.
  koa.use(async (ctx, next) => {
    if (!isApiPath(ctx.path)) await next();
  });
  for (const router of [...system.routers.pages, ...system.routers.fallback]) koa.use(router.routes());
}

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

/**
 * Runs around the api routers, so their allowedMethods can still answer 405 for a known path; an
 * api path nobody answered becomes a JSON 404 rather than the HTML app.
 */
const apiNotFound: Koa.Middleware = async (ctx, next) => {
  await next();
  if (isApiPath(ctx.path) && ctx.status === 404 && ctx.body == null) {
    throw new NotFound('not_found', `No api endpoint ${ctx.method} ${ctx.path}`);
  }
};
