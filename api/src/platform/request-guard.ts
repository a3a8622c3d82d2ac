/**
 * Refuses requests no route could answer sensibly, before any of them runs: a method the site does
 * not use is 405 (not the 501 the routers would give), and a path that does not decode (`%E0%A4%A`)
 * or decodes to a NUL is 400, where a route decoding it later would have thrown a 500.
 */
import type { Middleware } from 'koa';
import { AppError } from './errors';

/** Every method the site answers; CORS preflights included. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
const allowed = new Set<string>(ALLOWED_METHODS);
/** PUT only where an item is written whole: the content API (`PUT /api/content/{kind}/{id}`). */
const PUT_PREFIX = '/api/content/';
/** DELETE only to sign out of the editor, and to cancel a release's scheduled promotion. */
const DELETE_PATHS = [/^\/api\/editor\/session$/, /^\/api\/releases\/[^/]+\/scheduled$/];

export function requestGuard(): Middleware {
  // Not async: it has nothing to do after the routes, so it hands their promise on (Koa turns a throw
  // here into the same rejection).
  return (ctx, next) => {
    const writesWhole = ctx.method === 'PUT' && ctx.path.startsWith(PUT_PREFIX);
    if (!allowed.has(ctx.method) && !writesWhole && !(ctx.method === 'DELETE' && DELETE_PATHS.some((p) => p.test(ctx.path)))) {
      ctx.set('Allow', ALLOWED_METHODS.join(', '));
      throw new AppError(405, 'method_not_allowed', `${ctx.method} is not allowed`);
    }
    let decoded: string;
    try {
      // A path without an escape decodes to itself (most requests): nothing to undo.
      decoded = ctx.path.includes('%') ? decodeURIComponent(ctx.path) : ctx.path;
    } catch {
      throw new AppError(400, 'malformed_path', 'The request path is not valid');
    }
    if (decoded.includes('\0')) throw new AppError(400, 'malformed_path', 'The request path is not valid');
    return next();
  };
}
