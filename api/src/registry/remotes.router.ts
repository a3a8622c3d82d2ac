import Router from '@koa/router';
import type { Context } from 'koa';
import type { SiteNavigation, RemoteEntry } from '@cardlift/contracts';
import type { RequestRegistry } from '../site/site-router';

/**
 * GET /api/remotes: the registry the shell composes the site from. GET /api/navigation: the menus'
 * links of those builds, which every page fetches before it hydrates. Never cached: a release
 * changes both.
 */
export function remotesRouter(
  registryFor: (ctx: Context) => RequestRegistry,
  navigationOf: (registry: RemoteEntry[]) => Promise<SiteNavigation>,
): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/remotes', (ctx) => {
    const { registry, preview } = registryFor(ctx);
    ctx.set('Cache-Control', preview ? 'private, no-store' : 'no-cache');
    ctx.body = registry;
  });
  router.get('/navigation', async (ctx) => {
    const { registry, preview } = registryFor(ctx);
    ctx.set('Cache-Control', preview ? 'private, no-store' : 'no-cache');
    ctx.body = await navigationOf(registry);
  });
  return router;
}
