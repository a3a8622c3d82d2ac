/**
 * GET /api/releases/{remote}/health?hours=24: the remote's figures per version, for the holder of
 * its release token (the same rules as the release API: 404 without a token configured, 401, 403).
 * What this instance still holds in memory is written first, so the answer includes the last seconds.
 */
import Router from '@koa/router';
import type { CanaryHealth, RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../platform/config';
import { AppError } from '../platform/errors';
import { authorizeRelease } from '../registry/release-auth';
import type { CurrentVersions } from '../registry/remote-registry';
import { parseRemoteName } from '../registry/remote-names';
import { releaseHealth } from './release-health';
import type { RumAggregator } from './rum-aggregator';
import type { RumStore } from './rum-store';

export const DEFAULT_HEALTH_HOURS = 24;

export interface HealthRouterDeps {
  config: Pick<AppConfig, 'releaseTokenHashes' | 'rumRetentionDays'>;
  aggregator: RumAggregator;
  store: () => Promise<RumStore>;
  current: () => CurrentVersions;
  /** The remote's running canary and the guard's last conclusion, or null. */
  canary?: (remote: RemoteName) => CanaryHealth | null;
}

export function releaseHealthRouter(deps: HealthRouterDeps): Router {
  const router = new Router({ prefix: '/api/releases' });
  router.get('/:remote/health', async (ctx) => {
    const remote = parseRemoteName(ctx.params.remote);
    if (!remote) throw new AppError(404, 'not_found', `No remote named ${String(ctx.params.remote)}`);
    authorizeRelease(ctx, remote, deps.config.releaseTokenHashes);
    const maxHours = deps.config.rumRetentionDays * 24;
    const raw = ctx.query.hours;
    const hours = raw === undefined ? DEFAULT_HEALTH_HOURS : Number(raw);
    if (!Number.isInteger(hours) || hours < 1 || hours > maxHours)
      throw new AppError(400, 'invalid_hours', `hours must be a whole number from 1 to ${maxHours} (the retention window)`);
    await deps.aggregator.flush();
    const sinceMinute = Math.floor(Date.now() / 60_000) - hours * 60;
    const totals = await (await deps.store()).totals(sinceMinute, remote);
    ctx.body = releaseHealth(remote, hours, deps.current().get(remote) ?? null, totals, deps.canary?.(remote) ?? null);
  });
  return router;
}
