/**
 * The Koa application from a system's middleware and routers: the middleware stages in order, then
 * the api routers (an `/api` path nobody answered is a JSON 404, never a page), then the pages and
 * files, then the one catch-all.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { NotFound } from '../platform/errors';
import { MIDDLEWARE_STAGES } from './module';
import type { System } from './system';

export function mountSystem(koa: Koa, system: System): void {
  for (const stage of MIDDLEWARE_STAGES) for (const middleware of system.middleware[stage]) koa.use(middleware);
  koa.use(apiNotFound);
  koa.use(apiRouters(system.routers.api));
  // /api paths end here: they never fall through to files or the HTML app.
  koa.use(async (ctx, next) => {
    if (!isApiPath(ctx.path)) await next();
  });
  for (const router of [...system.routers.pages, ...system.routers.fallback]) koa.use(router.routes());
}

/**
 * The api routers in order, each with its `allowedMethods` (405 for a known path, 501 for an unknown
 * method), as `routes()` then `allowedMethods()` per router would answer, at a fraction of the cost:
 * a router none of whose routes matches the path is skipped (its dispatch would only pass the
 * request on), and one `allowedMethods` runs around them all. Every api router has the same
 * methods and options, and each one's check reads the paths matched by all of them (`ctx.matched`),
 * so the innermost one, which answered first, decides alone.
 */
function apiRouters(routers: readonly Router[]): Koa.Middleware {
  const [first] = routers;
  if (!first) return (_ctx, next) => next();
  // Router middleware types its context with the router's own fields, which Koa fills in as it runs.
  const asKoa = (middleware: unknown) => middleware as Koa.Middleware;
  const dispatchers = routers.map((router) => ({ router, routes: asKoa(router.routes()) }));
  const allowedMethods = asKoa(first.allowedMethods({ throw: true }));
  const dispatch: Koa.Middleware = (ctx, next) => {
    // As the first router's dispatch leaves it: the paths matched so far (allowedMethods reads it).
    (ctx as { matched?: unknown[] }).matched ??= [];
    const from = (index: number): Promise<void> => {
      for (let i = index; i < dispatchers.length; i++) {
        const { router, routes } = dispatchers[i]!;
        if (router.match(ctx.path, ctx.method).path.length > 0) return routes(ctx, () => from(i + 1));
      }
      return next();
    };
    return from(0);
  };
  return (ctx, next) => allowedMethods(ctx, () => dispatch(ctx, next));
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
