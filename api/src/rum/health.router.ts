/**
 * GET /api/releases/{remote}/health?hours=24: the remote's figures per version, and
 * GET /api/releases/{remote}/health/timeline?hours=24: the same slot by slot with the registry's
 * moves, for the holder of its release token (the same rules as the release API: 404 without a token
 * configured, 401, 403). What this instance still holds in memory is written first, so the answer
 * includes the last seconds.
 */
import Router from '@koa/router';
import type { CanaryHealth, ReleaseTimeline, RemoteName, TimelineExperiment } from '@cardlift/contracts';
import type { Context } from 'koa';
import type { AppConfig } from '../app-config';
import { Conflict, Invalid, NotFound } from '../platform/errors';
import { authorizeRelease } from '../releases/release-auth';
import type { ReleaseEvent } from '../releases/registry-store';
import type { CurrentVersions } from '../serving/remote-registry';
import { parseRemoteName } from '../releases/remote-names';
import { releaseHealth } from './release-health';
import { hoursSinceCanary, releaseTimeline, timelineSlots } from './release-timeline';
import type { KnownVersions } from './known-versions';
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
  /** The remote's audit trail (releases, promotions, rollbacks). */
  events: (remote: RemoteName) => Promise<ReleaseEvent[]>;
  /** The versions the site knows of each section: no other is shown, whatever was stored. Read afresh for each answer. */
  known: Pick<KnownVersions, 'has' | 'refresh'>;
  /** Experiments' moves on the remote's pages from `fromMs` (supplied by a later module; none without it). */
  experiments?: TimelineExperiments;
}

export type TimelineExperiments = (remote: RemoteName, fromMs: number) => Promise<TimelineExperiment[]>;

/** A window in whole hours, from one hour to the retention window (nothing older is kept). */
export function parseWindowHours(raw: unknown, retentionDays: number): number {
  const maxHours = retentionDays * 24;
  const hours = raw === undefined ? DEFAULT_HEALTH_HOURS : Number(raw);
  if (!Number.isInteger(hours) || hours < 1 || hours > maxHours)
    throw new Invalid('invalid_hours', `hours must be a whole number from 1 to ${maxHours} (the retention window)`);
  return hours;
}

/** The hours since the running canary started (`?since=canary`); 409 when none runs. */
export async function canaryWindowHours(deps: HealthRouterDeps, remote: RemoteName): Promise<number> {
  const canary = deps.canary?.(remote);
  if (!canary) throw new Conflict('no_canary', `${remote} runs no canary: choose a window in hours`);
  const hours = hoursSinceCanary(await deps.events(remote), canary.version, Date.now());
  return Math.min(hours, deps.config.rumRetentionDays * 24);
}

/** The timeline of a remote whose caller is already authorized (this router, the health page). */
export async function readTimeline(deps: HealthRouterDeps, remote: RemoteName, hours: number): Promise<ReleaseTimeline> {
  await Promise.all([deps.aggregator.flush(), deps.known.refresh()]);
  const nowMs = Date.now();
  const { first, slotMinutes } = timelineSlots(hours, nowMs);
  const [totals, events, experiments] = await Promise.all([
    deps
      .store()
      .then(async (store) => (await store.slotTotals(first, remote, slotMinutes)).filter((t) => deps.known.has(remote, t.version))),
    deps.events(remote),
    deps.experiments?.(remote, first * 60_000) ?? [],
  ]);
  return releaseTimeline({ remote, hours, nowMs, current: deps.current().get(remote) ?? null, totals, events, experiments });
}

export function releaseHealthRouter(deps: HealthRouterDeps): Router {
  const router = new Router({ prefix: '/api/releases' });
  const authorized = (ctx: Context & { params: Record<string, string | undefined> }): RemoteName => {
    const remote = parseRemoteName(ctx.params.remote);
    if (!remote) throw new NotFound('not_found', `No remote named ${String(ctx.params.remote)}`);
    authorizeRelease(ctx, remote, deps.config.releaseTokenHashes);
    return remote;
  };
  router.get('/:remote/health', async (ctx) => {
    const remote = authorized(ctx);
    const hours = parseWindowHours(ctx.query.hours, deps.config.rumRetentionDays);
    await Promise.all([deps.aggregator.flush(), deps.known.refresh()]);
    const sinceMinute = Math.floor(Date.now() / 60_000) - hours * 60;
    const totals = (await (await deps.store()).totals(sinceMinute, remote)).filter((t) => deps.known.has(t.section, t.version));
    ctx.body = releaseHealth(remote, hours, deps.current().get(remote) ?? null, totals, deps.canary?.(remote) ?? null);
  });
  router.get('/:remote/health/timeline', async (ctx) => {
    const remote = authorized(ctx);
    const hours =
      ctx.query.since === 'canary'
        ? await canaryWindowHours(deps, remote)
        : parseWindowHours(ctx.query.hours, deps.config.rumRetentionDays);
    ctx.body = await readTimeline(deps, remote, hours);
  });
  return router;
}
