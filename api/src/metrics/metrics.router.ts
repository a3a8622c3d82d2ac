/**
 * GET /metrics, protected like the release API: METRICS_TOKEN holds the SHA-256 (hex) of a bearer
 * token, compared in constant time; without one configured, /metrics answers 404, as if there were
 * nothing there.
 */
import Router from '@koa/router';
import { bearerToken, matchingHash } from '../platform/token-hash';
import { AppError } from '../platform/errors';
import { METRICS_PATH, type SiteMetrics } from './site-metrics';

/** GET /metrics for the holder of the metrics token: 404 with none configured, 401 without the right one. */
export function metricsRouter(metrics: SiteMetrics, tokenHash: string | undefined): Router {
  const router = new Router();
  router.get(METRICS_PATH, async (ctx) => {
    if (!tokenHash) throw new AppError(404, 'not_found', `No endpoint ${ctx.path}`);
    const presented = bearerToken(ctx);
    if (!presented || !matchingHash(presented, [{ hash: tokenHash }])) {
      ctx.set('WWW-Authenticate', 'Bearer');
      throw new AppError(401, 'unauthorized', '/metrics needs the metrics token (Authorization: Bearer <token>)');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return router;
}
