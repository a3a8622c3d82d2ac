/**
 * POST /api/content/{kind}/{id}/preview (editor): signs a preview of the item's latest revision into a
 * cookie of this browser only (content-preview.ts) and answers { url }, the item's page. Opening it
 * shows the draft as it will be served; GET /api/preview/exit ends it.
 */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { ContentRole } from '../platform/config';
import { AppError } from '../platform/errors';
import { CONTENT_PREVIEW_COOKIE } from '../registry/preview';
import { kindOf } from './content-api.router';
import { KINDS } from './content-kinds';
import type { ContentPreviews } from './content-preview';

export function contentPreviewRouter(previews: ContentPreviews, access: (needs: ContentRole) => Middleware): Router {
  const router = new Router({ prefix: '/api/content' });
  router.post('/:kind/:id/preview', access('editor'), async (ctx) => {
    const kind = kindOf(ctx);
    const granted = await previews.grant(kind, ctx.params.id!);
    if (!granted) throw new AppError(404, 'not_found', `${KINDS[kind].label} not found`);
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
