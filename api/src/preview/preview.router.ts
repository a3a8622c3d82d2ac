/**
 * Opening a preview link: the grant goes into a cookie of this browser only, then the visitor lands on
 * the section's first page, served with the candidate. /api/preview/exit ends the preview.
 */
import Router from '@koa/router';
import { isSafeLink, SECTIONS } from '@cardlift/contracts';
import { NotFound } from '../platform/errors';
import { CONTENT_PREVIEW_COOKIE, PREVIEW_COOKIE, verifyPreview } from './preview';

export function previewRouter(previewSecret: () => Promise<string>): Router {
  const router = new Router({ prefix: '/api/preview' });
  router.get('/exit', (ctx) => {
    // Ends both kinds of preview: a release candidate's and a content item's.
    for (const cookie of [PREVIEW_COOKIE, CONTENT_PREVIEW_COOKIE])
      ctx.cookies.set(cookie, null, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.secure });
    ctx.set('Cache-Control', 'no-store');
    // Back to the page the preview bar was on (a path of this site only), as visitors see it.
    const to = typeof ctx.query.to === 'string' ? ctx.query.to : '';
    ctx.redirect(to.startsWith('/') && isSafeLink(to) ? to : '/');
  });
  router.get('/:token', async (ctx) => {
    const grant = verifyPreview(ctx.params.token, await previewSecret());
    if (!grant) throw new NotFound('not_found', 'This preview link is not valid or has expired');
    ctx.cookies.set(PREVIEW_COOKIE, ctx.params.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      expires: new Date(grant.expiresAt),
    });
    ctx.set('Cache-Control', 'no-store');
    const section = SECTIONS.find((s) => s.remote === grant.remote);
    ctx.redirect(section?.paths[0] ?? section?.prefixes[0] ?? '/');
  });
  return router;
}
