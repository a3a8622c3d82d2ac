/**
 * Real-user measurement's parts, built from configuration and the app's pieces: the store, the
 * aggregator, the page-view tokens and their key, the site's known routes and versions, and the
 * intake routes. `pageToken` is what a page's boot data carries (undefined until the key is read at
 * start, and for pages that are not measured).
 */
import type { DatabaseConnection } from '../platform/database';
import crypto from 'node:crypto';
import path from 'node:path';
import type { RemoteEntry, RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { RegistryFollower } from '../serving/registry-follower';
import type { RegistryStore } from '../releases/registry-store';
import type { RenderPool } from '../site/render-pool';
import { servedShellVersion } from '../site/shell-version';
import { rumIngestRouter, type IngestOptions, type IngestOutcome } from './ingest.router';
import { siteKnownRoutes } from './known-routes';
import { KnownVersions } from './known-versions';
import { leadViewOf, type PostedView } from '../leads/lead-views';
import { PageViewTokens, registryVersions, type PageSnapshot } from './page-view-tokens';
import { RumAggregator, UNKNOWN_ROUTE } from './rum-aggregator';
import { rumStoreOn, type RumStore } from './rum-store';

export interface RumWiringDeps {
  config: AppConfig;
  logger: Logger;
  follower: RegistryFollower;
  registryStore(): Promise<RegistryStore>;
  /** The process's database (the database module's). */
  database(): Promise<DatabaseConnection>;
  /** A secret every instance shares (the secrets module's). */
  sharedSecret(name: string, create: () => string): Promise<string>;
  pool: Pick<RenderPool, 'routes'>;
  /** The registry every visitor is served now. */
  liveRegistry(): RemoteEntry[];
  onOutcome(outcome: IngestOutcome, reports?: number): void;
  /** Experiments' hooks on issued view tokens and accepted reports (ingest.router.ts). */
  experimentHooks?: Pick<IngestOptions, 'armViewed' | 'viewReported'>;
}

export function rumWiring({
  config,
  logger,
  follower,
  registryStore,
  database,
  sharedSecret,
  pool,
  liveRegistry,
  onOutcome,
  experimentHooks,
}: RumWiringDeps) {
  let opened: Promise<RumStore> | undefined;
  const store = () => (opened ??= database().then(rumStoreOn));
  const routes = siteKnownRoutes(config, follower, pool, logger);
  const shellDist = path.join(config.siteRoot, 'shell', 'dist');
  const shellVersion = () => servedShellVersion(shellDist);
  const known = new KnownVersions({ follower, registryStore, served: liveRegistry, shellVersion }, logger);
  const aggregator = new RumAggregator(store, logger, {
    flushMs: config.rum.flushMs,
    retentionDays: config.rumRetentionDays,
    maxKeys: config.rum.maxKeys,
    // Each client's counts are kept only for the two sides of a running canary: what the guard judges.
    judged: (section, version) => {
      const canary = follower.canaries().get(section as RemoteName);
      return canary !== undefined && (canary.version === version || follower.current().get(section as RemoteName) === version);
    },
    onReplayed: (views) => onOutcome('replayed', views),
  });
  let tokens: PageViewTokens | undefined;
  const maxAgeMs = config.rum.tokenMaxAgeHours * 3_600_000;
  const secret = () =>
    config.rum.tokenSecret
      ? Promise.resolve(config.rum.tokenSecret)
      : sharedSecret('rum-token', () => crypto.randomBytes(32).toString('base64url'));
  const router = rumIngestRouter({
    aggregator,
    known,
    tokens: () => tokens,
    knownRoute: (route) => routes.has(route),
    unknownRoute: UNKNOWN_ROUTE,
    siteOrigin: config.siteAddresses.siteUrl,
    perMinute: config.rum.perMinute,
    maxClients: config.rateLimitMaxClients,
    allowHeadless: config.rum.allowHeadless,
    onOutcome,
    ...experimentHooks,
  });

  return {
    store,
    aggregator,
    routes,
    known,
    /** The page view a contact post's token names, its route as the counts record it (leads/lead-views.ts). */
    leadView: (posted: PostedView) => leadViewOf(tokens, posted, (route) => (routes.has(route) ? route : UNKNOWN_ROUTE)),
    /** The token of a page built from `registry` for `route` of `section`; undefined before start. */
    pageToken(snapshot: Omit<PageSnapshot, 'versions'>, registry: readonly RemoteEntry[]): string | undefined {
      return tokens?.page({ ...snapshot, versions: registryVersions(registry) });
    },
    router,
    async start(): Promise<void> {
      tokens = new PageViewTokens(await secret(), maxAgeMs);
      await known.refresh();
      aggregator.start();
    },
    async stop(): Promise<void> {
      await aggregator.stop();
      if (opened) await (await opened).close();
    },
  };
}

export type RumWiring = ReturnType<typeof rumWiring>;
