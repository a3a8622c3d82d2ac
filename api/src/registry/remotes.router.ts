import Router from '@koa/router';
import type { Context } from 'koa';
import type { SiteNavigation, RemoteEntry } from '@cardlift/contracts';
import type { RequestRegistry } from '../site/site-router';
import { keepPrivate, shareAnswer } from '../edge/edge-answers';
import { registryAnswerTags } from '../edge/page-tags';

/**
 * GET /api/remotes: the registry the shell composes the site from. GET /api/navigation: the menus'
 * links of those builds, which every page fetches before it hydrates. Shared caches keep them
 * until a registry move purges them; a preview's are that browser's alone.
 */
export function remotesRouter(
  registryFor: (ctx: Context) => RequestRegistry,
  navigationOf: (registry: RemoteEntry[]) => Promise<SiteNavigation>,
): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/remotes', (ctx) => {
    const { registry, preview } = registryFor(ctx);
    if (preview) keepPrivate(ctx);
    else shareAnswer(ctx, { tags: registryAnswerTags(registry) });
    ctx.body = registry;
  });
  router.get('/navigation', async (ctx) => {
    const { registry, preview } = registryFor(ctx);
    if (preview) keepPrivate(ctx);
    else shareAnswer(ctx, { tags: registryAnswerTags(registry) });
    ctx.body = await navigationOf(registry);
  });
  return router;
}
