/**
 * GET /api/health: the process answers. GET /api/ready: it should get traffic (the lead store can take
 * a write now, and its last writes did not fail; not shutting down; the current build of every
 * section is in the artifact store; its pages are rendered once, `warming`); a load balancer drains an
 * instance on 503. Health lists what an operator should know is weaker than it should be (`warnings`),
 * and says `warming` while the instance renders its pages before its first visitor.
 */
import Router from '@koa/router';
import { Unavailable } from '../platform/errors';
import type { LeadStore } from '../leads/lead-store';
import type { Lifecycle } from '../platform/lifecycle';

export function healthRouter(
  store: () => Promise<LeadStore>,
  lifecycle: Lifecycle,
  leadsWritable: () => boolean = () => true,
  warnings: () => string[] = () => [],
  missingBuilds: () => Promise<string[]> = async () => [],
  warming: () => boolean = () => false,
): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const noted = warnings();
    const status = warming() ? 'warming' : 'ok';
    ctx.body = noted.length > 0 ? { status, warnings: noted } : { status };
  });
  router.get('/ready', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (lifecycle.shuttingDown) throw new Unavailable('shutting_down', 'Shutting down');
    if (warming()) throw new Unavailable('warming', 'Rendering its pages once before taking traffic');
    try {
      await (await store()).ping();
    } catch {
      throw new Unavailable('database_unavailable', 'Database unavailable');
    }
    if (!leadsWritable()) throw new Unavailable('store_unavailable', 'The lead store is refusing writes');
    const missing = await missingBuilds();
    if (missing.length)
      throw new Unavailable('builds_missing', `The current build of ${missing.join(', ')} is missing from the artifact store`);
    ctx.body = { status: 'ready' };
  });
  return router;
}
