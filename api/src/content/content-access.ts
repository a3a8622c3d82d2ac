/**
 * The one gate of the content routes this folder adds (images, previews): who may call them and in
 * which role. Today a content token (content-auth.ts); a signed-in person's session takes its place
 * here alone.
 */
import type { Middleware } from 'koa';
import type { ContentRole, ContentToken } from '../platform/config';
import { authorizeContent } from './content-auth';

/** Sets `ctx.state.actor` (who the audit names) or throws 401/403/404; answers are never stored by a cache. */
export function contentAccess(tokens: readonly ContentToken[]): (needs: ContentRole) => Middleware {
  return (needs) => async (ctx, next) => {
    ctx.state.actor = authorizeContent(ctx, tokens, needs);
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
