/** What createApp (app.ts) takes and gives: kept apart so app.ts holds only the wiring. */
import type Koa from 'koa';
import type { ContentFollower } from './content/content-follower';
import type { Clock, ContentStore } from './content/content-store';
import type { EditorialStore } from './content/editorial-store';
import type { LeadStore } from './leads/lead-store';
import type { Notifiers } from './leads/notifiers';
import type { OutboxRelay } from './leads/outbox-relay';
import type { RelayOptions } from './platform/delivery-retries';
import type { AppConfig } from './app-config';
import type { Lifecycle } from './platform/lifecycle';
import type { Logger } from './platform/logger';
import type { RegistryFollower } from './serving/registry-follower';
import type { RegistryStore } from './releases/registry-store';
import type { ReleaseNoticeStore } from './releases/release-notices';
import type { RumAggregator } from './rum/rum-aggregator';
import type { RumWiring } from './rum/rum-wiring';
import type { ResolvedPage } from './site/page-resolver';
import type { WarmUp } from './site/warm-up';

export interface AppDeps {
  config?: AppConfig;
  logger?: Logger;
  /** Fixed content: served as given, the database's content is neither seeded nor followed. */
  content?: ContentStore;
  /** The clock job postings expire against (when `content` is not given); tests set it. */
  clock?: Clock;
  /** A ready lead store; by default the one DATABASE_URL / DATA_DIR names, opened on first use. */
  leads?: LeadStore;
  notifiers?: Notifiers;
  relay?: Partial<RelayOptions>;
  /** The canary guard's notice relay (releases/canary/guard-notices.ts); the leads' relay options unless given. */
  noticeRelay?: Partial<RelayOptions>;
  /** The shared caches' purge relay (edge/purge-relay.ts); its own quick options unless given. */
  purgeRelay?: Partial<RelayOptions>;
}

export interface App {
  koa: Koa;
  config: AppConfig;
  logger: Logger;
  content: ContentStore;
  lifecycle: Lifecycle;
  relay: OutboxRelay;
  /** The versions this instance serves, following the shared registry. */
  registry: RegistryFollower;
  /** The lead store, opened (and migrated) once. */
  leads(): Promise<LeadStore>;
  /** The registry store, in the same database. */
  registryStore(): Promise<RegistryStore>;
  /** The release events' notices still to send (the notices module's). */
  releaseNotices(): Promise<ReleaseNoticeStore>;
  /** A secret every instance on the database shares, created once (the secrets module's). */
  sharedSecret(name: string, create: () => string): Promise<string>;
  /** The content's editorial store, in the same database. */
  editorialStore(): Promise<EditorialStore>;
  /** Follows the published content in the database (polls; refresh() reads at once). */
  contentFollower: ContentFollower;
  /** Opens the store (running migrations) and starts the relay: call before listening. */
  start(): Promise<void>;
  /** Which page a path is on the live site (read from the page tables of the builds served). */
  resolvePage(pathname: string): Promise<ResolvedPage | null>;
  /** Starts the render workers and waits until they have loaded the content and the shell's build. */
  warm(): Promise<void>;
  /** Whether the instance has rendered its pages once: /api/ready waits for it once `begin()` is called. */
  warmUp: WarmUp;
  /** Renders the static pages through the server listening at `origin` (site/warm-up.ts); warm once done. */
  warmPages(origin: string): Promise<void>;
  /** The visitors' reports, aggregated in memory until the next flush. */
  rum: RumAggregator;
  /** The signed token a page built from `registry` carries (what its measuring code trades for a page-view token). */
  rumPageToken: RumWiring['pageToken'];
  /** Stops the relay after its delivery in flight, then closes the store. */
  close(): Promise<void>;
}
