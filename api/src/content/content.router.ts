/**
 * Read-only content endpoints. Content is loaded and validated once at start, so
 * handlers only look items up; an unknown id is a 404 with the one error body.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { notFound } from '../platform/errors';
import { CONTENT_SOURCES } from './content-sources';
import type { ContentStore } from './content-store';

/** Content changes only with a deploy; a short shared cache spares repeat reads without hiding a release for long. */
const CACHE = 'public, max-age=60';

export function contentRouter(content: ContentStore): Router {
  const router = new Router({ prefix: '/api' });
  // An answer's object never changes once made (a job posting that closes is a new object, see
  // job-postings.ts): serialise and encode each object once, not per request.
  const serialised = new WeakMap<object, Buffer>();
  // Headers are set per route, not with router.use: a prefix-wide middleware would wrap other routers' /api routes.
  const send = (ctx: Context, body: object) => {
    let json = serialised.get(body);
    if (json === undefined) serialised.set(body, (json = Buffer.from(JSON.stringify(body))));
    ctx.set('Cache-Control', CACHE);
    ctx.type = 'application/json';
    ctx.body = json;
  };

  for (const { pattern, lookup, item } of CONTENT_SOURCES) {
    router.get(pattern.slice('/api'.length), (ctx) => {
      send(ctx, lookup(ctx.params as Record<string, string>, content) ?? fail(item ?? 'Content'));
    });
  }
  return router;
}

/** The id is not echoed back: the message stays the same whatever a client puts in the path. */
function fail(what: string): never {
  throw notFound(what);
}
