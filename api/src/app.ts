/**
 * The Koa application, apart from `listen` so tests drive it through `callback()`.
 * Order: security headers (so error answers carry them too), errors, request context, methods and
 * paths no route could answer, CORS, api routes, files, and the HTML pages last.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import Koa from 'koa';
import compress from 'koa-compress';
import { loadConfig } from './platform/config';
import type { App, AppDeps } from './app-types';
import { publishSiteAddresses } from '@cardlift/contracts';
import { AppError } from './platform/errors';
import { createLogger } from './platform/logger';
import { corsPolicy } from './platform/cors';
import { trustedForwardedHeaders } from './platform/forwarded-headers';
import { LOOPBACK_PROXIES } from './platform/trusted-proxies';
import { errorHandler } from './platform/error-handler';
import { requestContext } from './platform/request-id';
import { requestGuard } from './platform/request-guard';
import { securityHeaders } from './platform/security-headers';
import { contentRouter } from './content/content.router';
import { healthRouter, type Lifecycle } from './platform/health.router';
import { previewRouter } from './registry/preview.router';
import { releasesRouter } from './registry/releases.router';
import { remotesRouter } from './registry/remotes.router';
import { importLegacyHistory } from './registry/history-import';
import { openRegistryStore } from './registry/open-registry';
import { artifactsWiring } from './registry/artifacts/artifacts-wiring';
import { requestRegistry } from './registry/request-registry';
import { missingCurrentBuilds } from './registry/missing-current-builds';
import { siteAddressWarnings } from './platform/site-addresses-env';
import { RegistryFollower } from './registry/registry-follower';
import type { RegistryStore } from './registry/registry-store';
import { releaseContext, serverCheck } from './registry/release-context';
import { remoteOrigins } from './registry/allowed-origins';
import { buildRegistry } from './registry/remote-registry';
import { loadContent } from './content/content-store';
import { contentApiRouter } from './content/content-api.router';
import { ContentFollower } from './content/content-follower';
import { contentRedirects } from './content/content-redirects';
import { seedContent } from './content/content-seed';
import { ContentService } from './content/content-service';
import { itemState } from './content/pending-schedule';
import type { EditorialStore } from './content/editorial-store';
import { LiveContent, type SharedContent } from './content/live-content';
import { mediaWiring } from './content/media-wiring';
import { openEditorialStore } from './content/open-editorial-store';
import { RenderPool } from './site/render-pool';
import { shareImageRouter } from './site/share-images';
import { siteRouter } from './site/site-router';
import { staticRouter } from './site/static-files';
import { editorAppRouter } from './editor/editor-app.router';
import { SiteMetrics } from './platform/metrics';
import { metricsRouter } from './platform/metrics.router';
import { releaseHealthRouters } from './rum/health-wiring';
import { canaryWiring } from './registry/canary/canary-wiring';
import { rumWiring } from './rum/rum-wiring';
import { scheduleWiring } from './registry/schedule/schedule-wiring';
import { skewWiring } from './registry/skew/skew-wiring';

export type { App, AppDeps } from './app-types';
import { editorWiring } from './editor/editor-wiring';
import { leadsWiring } from './leads/leads-wiring';
import { edgeWiring } from './edge/edge-wiring';
import { experimentsWiring } from './experiments/experiments-wiring';

export function createApp(deps: AppDeps = {}): App {
  const config = deps.config ?? loadConfig();
  // One site per process: head tags, the sitemap and mails built here use this environment's addresses.
  publishSiteAddresses(config.siteAddresses);
  const logger = deps.logger ?? createLogger(config.logLevel);
  const clock = deps.clock ?? (() => new Date());
  // The files serve until start() has read the database (they are its seed, so the same content).
  const content = new LiveContent(deps.content ?? loadContent(config.contentDir, clock), clock);
  const lifecycle: Lifecycle = { shuttingDown: false };
  let openedRegistry: Promise<RegistryStore> | undefined;
  const registryStore = () => (openedRegistry ??= openRegistryStore(config));
  const registry = new RegistryFollower(registryStore, logger);
  let openedEditorial: Promise<EditorialStore> | undefined;
  const editorialStore = () => (openedEditorial ??= openEditorialStore(config));
  const uploaded = (name: string) => artifacts.locateContentImage(name) !== undefined;
  const contentService = new ContentService({
    store: editorialStore,
    imagesDir: path.join(config.contentDir, 'images'),
    uploaded,
    clock,
    writeGuard: (kind, id) => experiments.service.refuseWrite(kind, id),
  });
  const contentFollower = new ContentFollower(editorialStore, contentService, content, logger);
  let previewSecret: Promise<string> | undefined;
  const sharedPreviewSecret = () =>
    (previewSecret ??= config.previewSecret
      ? Promise.resolve(config.previewSecret)
      : registryStore().then((store) => store.sharedSecret('preview', () => crypto.randomBytes(32).toString('base64url'))));
  let knownPreviewSecret: string | undefined;
  const stores = artifactsWiring(config, logger);
  const { artifacts } = stores;
  const skew = skewWiring({ config, logger, artifacts, registryStore, liveRegistry: () => buildRegistry(config, registry.current()) });
  // A preview cookie's candidate for that browser only; a canary's version for the visitors on its side.
  const registryFor = requestRegistry({ config, follower: registry, artifacts, previewSecret: () => knownPreviewSecret });
  const editor = editorWiring(config, { logger, clock, itemState: (kind, id) => itemState(contentService, kind, id) });
  const media = mediaWiring({
    config,
    logger,
    artifacts,
    person: editor.person,
    live: content,
    editorial: editorialStore,
    secret: sharedPreviewSecret,
    clock,
    sessionTag: editor.sessionTag,
  });
  const pool = new RenderPool(config, logger, { content: () => content.forWorkers() });
  const releases = () => registryStore().then((store) => releaseContext(config, store, serverCheck(pool), artifacts));
  const schedule = scheduleWiring({ context: releases, logger, clock });
  const sales = leadsWiring({
    config,
    logger,
    store: deps.leads,
    notifiers: deps.notifiers,
    relay: deps.relay,
    onOutcome: (outcome) => metrics.leadOutcome(outcome),
    leadView: (posted) => experiments.leadView(measuring.leadView(posted)),
  });
  const { leads, relay, service: leadService } = sales;
  const origins = remoteOrigins(config);
  const liveRegistry = () => buildRegistry(config, registry.current());
  const measuring = rumWiring({
    config,
    logger,
    follower: registry,
    registryStore,
    pool,
    liveRegistry,
    onOutcome: (outcome, reports) => metrics.reportReceived(outcome, reports),
    experimentHooks: { armViewed: (view, ctx) => experiments.armViewed(view, ctx), viewReported: (view) => experiments.viewReported(view) },
  });
  const { store: rumStore, aggregator: rum, known } = measuring;
  const { noticeRelay } = deps;
  const canary = canaryWiring({
    ...{ config, logger, follower: registry, registryStore, rumStore, aggregator: rum, noticeRelay },
    onDecision: (remote, action) => metrics.release.guardDecided(remote, action),
  });
  const metrics = new SiteMetrics({
    queueSize: () => pool.queueSize(),
    rumStore,
    aggregator: rum,
    servedVersions: () => registry.current(),
    renderedVersions: () => liveRegistry().map((entry) => [entry.name, entry.version] as const),
    releaseNotices: () => registryStore().then((store) => store.notices.backlog()),
    knownVersions: known,
    canaries: () => registry.canaries(),
    schedules: () => registryStore().then((store) => store.schedules()),
    leadsWritable: () => leadService.writable(),
    siteRoot: config.siteRoot,
  });
  pool.observer = metrics;
  const experiments = experimentsWiring({
    config,
    logger,
    clock,
    content: contentService,
    changed: () => contentFollower.refresh(),
    person: editor.person,
    registry: metrics.registry,
    ...{ editorial: editorialStore, live: content, secret: sharedPreviewSecret },
  });
  pool.sectionRendered = (remote, version, ok) => rum.countRender(remote, version, ok);
  const follow = () => Promise.all([registry.refresh(), deps.content ? undefined : contentFollower.refresh()]).then(() => undefined);
  const edge = edgeWiring({ config, logger, registryStore, follow, metrics, relay: deps.purgeRelay });
  metrics.registry.registerMetric(skew.retention.deletedCounter);
  // Only the proxies the operator names are believed, and only from their own addresses
  // (TRUST_PROXY_FROM): ctx.ip is the X-Forwarded-For entry the last trusted proxy wrote, at most that
  // many hops from the right, and X-Forwarded-Host/-Proto are read only then, the same entry
  // (trustedForwardedHeaders). A client reaching the api's port itself cannot pick its own address,
  // host or protocol by header. No URL the api sends is built from the host: SITE_URL is.
  const koa = new Koa({ proxy: config.trustProxyHops > 0, maxIpsCount: config.trustProxyHops });
  // Errors Koa reports outside a request's middleware: a visitor closing the connection mid-response
  // (the browser dropping a preload, say) is routine, not a fault, so it is not printed to stderr.
  koa.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    logger.error({ err }, 'unhandled error');
  });

  koa.use(metrics.middleware());
  koa.use(trustedForwardedHeaders(config.trustProxyHops, config.trustProxyFrom ?? LOOPBACK_PROXIES));
  koa.use(securityHeaders({ production: config.production, siteOrigin: config.siteAddresses.siteUrl, remoteOrigins: origins }));
  koa.use(edge.defaults);
  // The request log wraps the error handler, so it writes the status an error was answered with.
  koa.use(requestContext(logger));
  koa.use(errorHandler(logger));
  koa.use(requestGuard());
  koa.use(corsPolicy(config.siteAddresses.siteUrl, origins));
  koa.use(compress({ threshold: 1024 }));
  koa.use(edge.shared);

  koa.use(media.contentPreview);
  koa.use(contentRedirects(content));
  koa.use(apiNotFound);
  const api = [
    healthRouter(
      leads,
      lifecycle,
      () => leadService.writable(),
      () => pool.warnings(),
      missingCurrentBuilds(() => registry.current(), artifacts, logger),
    ),
    contentRouter(content, (ctx, path) => experiments.armFor(ctx, path)),
    contentApiRouter({
      service: contentService,
      tokens: config.contentTokens,
      person: editor.person,
      live: content,
      clock,
      changed: () => contentFollower.refresh(),
    }),
    ...editor.routers,
    sales.router,
    remotesRouter(registryFor, (registry) => pool.navigation(registry), config),
    releasesRouter({ config, context: releases, previewSecret: sharedPreviewSecret }),
    previewRouter(sharedPreviewSecret),
    measuring.router,
    ...releaseHealthRouters({
      config,
      aggregator: rum,
      store: rumStore,
      registry,
      registryStore,
      canary: canary.canaryHealth,
      known,
    }),
    metricsRouter(metrics, config.metricsTokenHash),
    ...media.routers,
    experiments.router,
  ];
  for (const router of api) {
    koa.use(router.routes());
    koa.use(router.allowedMethods({ throw: true }));
  }
  // /api paths end here: they never fall through to files or the HTML app.
  koa.use(async (ctx, next) => {
    if (!isApiPath(ctx.path)) await next();
  });
  // The content editor's one page and its build, before the site's pages (which would answer 404).
  koa.use(editorAppRouter(config).routes());
  const files = staticRouter(config, artifacts);
  koa.use(files.routes());
  const resolveLivePage = (pathname: string, preview?: SharedContent) => pool.resolve(pathname, liveRegistry(), clock(), preview);
  koa.use(shareImageRouter(config, resolveLivePage, logger).routes());
  koa.use(edge.router.routes());
  const site = siteRouter(config, {
    content,
    pool,
    clock,
    registryFor,
    liveRegistry,
    rumToken: measuring.pageToken,
    pageSent: skew.pageSent,
    experimentArm: (ctx, path) => experiments.armFor(ctx, path),
  });
  // The contact form posted without script goes to the page it is on (see contact-form.router.ts).
  koa.use(sales.formRouter(site.respond).routes());
  koa.use(site.router.routes());

  return {
    koa,
    config,
    logger,
    content,
    lifecycle,
    relay,
    registry,
    leads,
    registryStore,
    editorialStore,
    contentFollower,
    rum,
    rumPageToken: measuring.pageToken,
    async start() {
      for (const warning of siteAddressWarnings(config)) logger.warn(warning);
      await leads();
      await importLegacyHistory(await registryStore(), config.releasesDir, logger);
      if (!deps.content) {
        const seeded = await seedContent(await editorialStore(), config.contentDir, clock);
        if (seeded) logger.info({ items: seeded }, 'content seeded from the content files');
        await contentFollower.start();
        media.uploadSweep.start();
      }
      await registry.start();
      await stores.start(() => skew.current.namedBy(buildRegistry(config, registry.current())));
      await skew.start();
      knownPreviewSecret = await sharedPreviewSecret();
      if (config.production && config.trustProxyHops === 0) {
        logger.warn(
          'TRUST_PROXY_HOPS is 0: behind a load balancer every visitor shares its address for the contact limit and the site sees http; set it to the number of proxies in front of the api',
        );
      }
      await sales.start();
      await measuring.start();
      canary.start();
      await schedule.start();
      await edge.start();
      await experiments.start();
    },
    // The routes too, so the first page views after a start are filed under their pages, not 'other'.
    warm: () => pool.warm().then(() => measuring.routes.refresh()),
    resolvePage: resolveLivePage,
    async close() {
      registry.stop();
      await skew.stop();
      await stores.stop();
      contentFollower.stop();
      await media.uploadSweep.stop();
      schedule.stop();
      await canary.stop();
      await edge.stop();
      await experiments.stop();
      await sales.stop();
      await measuring.stop();
      await pool.close();
      if (openedRegistry) await (await openedRegistry).close();
      if (openedEditorial) await (await openedEditorial).close();
      await editor.close();
    },
  };
}

const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/');

/**
 * Runs around the api routers, so their allowedMethods can still answer 405 for a known path; an
 * api path nobody answered becomes a JSON 404 rather than the HTML app.
 */
const apiNotFound: Koa.Middleware = async (ctx, next) => {
  await next();
  if (isApiPath(ctx.path) && ctx.status === 404 && ctx.body == null) {
    throw new AppError(404, 'not_found', `No api endpoint ${ctx.method} ${ctx.path}`);
  }
};
