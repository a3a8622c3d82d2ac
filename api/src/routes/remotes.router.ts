import Router from '@koa/router';
import type { AppConfig } from '../config';
import { buildRegistry } from '../services/remote-registry';

/** GET /api/remotes: the registry the shell composes the site from. Never cached: a release repoints it. */
export function remotesRouter(config: AppConfig): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/remotes', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = buildRegistry(config);
  });
  return router;
}
