/**
 * The one gate of the content routes this folder adds (images, previews): who may call them and in
 * which role: a content token or a signed-in person's session (content-auth.ts), as for the rest of
 * the content API.
 */
import type { Middleware } from 'koa';
import type { ContentRole } from '../platform/config';
import { authorizeContent, type ContentAccess } from './content-auth';

/** Sets `ctx.state.actor` (who the audit names) or throws 401/403/404; answers are never stored by a cache. */
export function contentAccess(access: ContentAccess): (needs: ContentRole) => Middleware {
  return (needs) => async (ctx, next) => {
    const caller = await authorizeContent(ctx, access, needs);
    ctx.state.actor = caller.actor;
    ctx.state.caller = caller;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}
