/**
 * The Koa application from a system's middleware and routers: the middleware stages in order, then
 * the api routers (an `/api` path nobody answered is a JSON 404, never a page), then the pages and
 * files, then the one catch-all.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import { LRUCache } from 'lru-cache';
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
  const matching = matchingRouters(routers);
  const dispatch: Koa.Middleware = (ctx, next) => {
    // As the first router's dispatch leaves it: the paths matched so far (allowedMethods reads it).
    (ctx as { matched?: unknown[] }).matched ??= [];
    const matched = matching(ctx.method, ctx.path);
    const from = (position: number): Promise<void> => {
      const index = matched[position];
      if (index === undefined) return next();
      return dispatchers[index]!.routes(ctx, () => from(position + 1));
    };
    return from(0);
  };
  return (ctx, next) => allowedMethods(ctx, () => dispatch(ctx, next));
}

/** How many method and path pairs `matchingRouters` remembers: paths come from clients, so it is bounded. */
const MATCHES_KEPT = 1000;

/**
 * The indexes of the routers with a route on a path, by method and path. The routers are complete
 * once mounted, so the answer never changes: each pair is matched against every router once, not on
 * every request (the router that answers matches it again itself, as it must to set its params).
 */
function matchingRouters(routers: readonly Router[]): (method: string, path: string) => readonly number[] {
  const kept = new LRUCache<string, readonly number[]>({ max: MATCHES_KEPT });
  return (method, path) => {
    const key = `${method} ${path}`;
    let found = kept.get(key);
    if (found === undefined) {
      found = routers.flatMap((router, index) => (router.match(path, method).path.length > 0 ? [index] : []));
      kept.set(key, found);
    }
    return found;
  };
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
