/**
 * The routes the site serves pages of, so the aggregator files a report under its route only when the
 * route is one of them: a report names whatever its sender likes, and the routes stored must stay a
 * set as small as the site's page tables. The list comes from the page tables of the builds served
 * (the current versions, and every running canary's), read in a render worker; it is read again at
 * most every `refreshMs`, when reports arrive, and without waiting for it (a report is never held).
 */
import { NOT_FOUND_ROUTE, type RemoteEntry } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { RegistryFollower } from '../serving/registry-follower';
import { buildRegistry } from '../serving/remote-registry';
import type { RenderPool } from '../site/render-pool';

export const KNOWN_ROUTES_REFRESH_MS = 10_000;

export class KnownRoutes {
  private routes: ReadonlySet<string> = new Set([NOT_FOUND_ROUTE]);
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly list: () => Promise<readonly string[]>,
    private readonly logger: Logger,
    private readonly refreshMs = KNOWN_ROUTES_REFRESH_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `route` is a page's route as last read; starts a fresh read when that is old. */
  has(route: string): boolean {
    if (this.now() - this.readAt >= this.refreshMs) void this.refresh();
    return this.routes.has(route);
  }

  /** Reads the list again (one read at a time); a failed read keeps the last list. */
  refresh(): Promise<void> {
    this.readAt = this.now();
    this.reading ??= this.list()
      .then((routes) => {
        this.routes = new Set([NOT_FOUND_ROUTE, ...routes]);
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'the routes of the served pages could not be read: the last ones stand'))
      .finally(() => (this.reading = undefined));
    return this.reading;
  }
}

/** The registries visitors are served now: the current versions, and the current ones with every canary. */
function servedRegistries(config: AppConfig, follower: Pick<RegistryFollower, 'current' | 'canaries'>): RemoteEntry[][] {
  const current = follower.current();
  const canaries = [...follower.canaries()].map(([remote, canary]) => [remote, canary.version] as const);
  const registries = [buildRegistry(config, current)];
  if (canaries.length > 0) registries.push(buildRegistry(config, new Map([...current, ...canaries])));
  return registries;
}

/** The site's known routes, read from the page tables of the builds it serves. */
export function siteKnownRoutes(
  config: AppConfig,
  follower: Pick<RegistryFollower, 'current' | 'canaries'>,
  pool: Pick<RenderPool, 'routes'>,
  logger: Logger,
): KnownRoutes {
  return new KnownRoutes(async () => {
    const lists = await Promise.all(servedRegistries(config, follower).map((registry) => pool.routes(registry)));
    return lists.flat();
  }, logger);
}
