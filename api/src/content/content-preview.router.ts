/**
 * POST /api/content/{kind}/{id}/preview (editor): signs a preview of the item's latest revision into a
 * cookie of this browser only (content-preview.ts), tied to the person's session, and answers { url },
 * the item's page. Opening it shows the draft as it will be served, under a preview bar;
 * GET /api/preview/exit (the bar's "Exit preview") and signing out end it.
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { callerOf } from './content-auth';
import type { ContentRole } from '../platform/config';
import { NotFound } from '../platform/errors';
import { CONTENT_PREVIEW_COOKIE } from '../preview/preview';
import { kindOf } from './content-api.router';
import { KINDS } from './content-kinds';
import type { ContentPreviews } from './content-preview';

export function contentPreviewRouter(
  previews: ContentPreviews,
  access: (needs: ContentRole) => Middleware,
  sessionTag: (ctx: Context) => Promise<string | undefined>,
): Router {
  const router = new Router({ prefix: '/api/content' });
  router.post('/:kind/:id/preview', access('editor'), async (ctx) => {
    const kind = kindOf(ctx);
    // A person's preview lasts as long as their session (and ends at sign-out); a token's has none.
    const session = callerOf(ctx).via === 'session' ? ((await sessionTag(ctx)) ?? null) : null;
    const granted = await previews.grant(kind, ctx.params.id!, session);
    if (!granted) throw new NotFound('not_found', `${KINDS[kind].label} not found`);
    ctx.cookies.set(CONTENT_PREVIEW_COOKIE, granted.token, {
      path: '/',
      httpOnly: true,
      // Lax, as the release preview's: the editor opens the url from the editor's page, a same-site link.
      sameSite: 'lax',
      secure: ctx.secure,
      expires: granted.expiresAt,
    });
    ctx.body = { url: granted.url };
  });
  return router;
}
