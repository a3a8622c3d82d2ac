import Router from '@koa/router';
import type { Context } from 'koa';
import type { RequestRegistry } from '../site/site-router';

/** GET /api/remotes: the registry the shell composes the site from. Never cached: a release repoints it. */
export function remotesRouter(registryFor: (ctx: Context) => RequestRegistry): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/remotes', (ctx) => {
    const { registry, preview } = registryFor(ctx);
    ctx.set('Cache-Control', preview ? 'private, no-store' : 'no-cache');
    ctx.body = registry;
  });
  return router;
}
