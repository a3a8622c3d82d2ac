/**
 * The Koa application, apart from `listen` so tests drive it through `callback()`.
 * Order: security headers (so error answers carry them too), errors, request context, CORS, api
 * routes, files, and the HTML pages last.
 */
import Koa from 'koa';
import compress from 'koa-compress';
import { loadConfig, type AppConfig } from './config';
import type { LeadStore } from './db/lead-store';
import { openLeadStore } from './db/open-lead-store';
import { AppError } from './errors';
import { createLogger, type Logger } from './logger';
import { corsPolicy } from './middleware/cors';
import { errorHandler } from './middleware/error-handler';
import { requestContext } from './middleware/request-id';
import { securityHeaders } from './middleware/security-headers';
import { contactRouter } from './routes/contact.router';
import { contentRouter } from './routes/content.router';
import { healthRouter, type Lifecycle } from './routes/health.router';
import { remotesRouter } from './routes/remotes.router';
import { remoteOrigins } from './services/allowed-origins';
import { loadContent, type ContentStore } from './services/content-store';
import { createLeadService } from './services/lead-service';
import { notifiersFrom, type Notifiers } from './services/notifiers';
import { OutboxRelay, type RelayOptions } from './services/outbox-relay';
import { siteRouter } from './web/site-router';
import { ServerRenderer } from './web/server-render';
import { shareImageRouter } from './web/share-images';
import { staticRouter } from './web/static-files';

export interface AppDeps {
  config?: AppConfig;
  logger?: Logger;
  content?: ContentStore;
  /** A ready lead store; by default the one DATABASE_URL / DATA_DIR names, opened on first use. */
  leads?: LeadStore;
  notifiers?: Notifiers;
  relay?: Partial<RelayOptions>;
}

export interface App {
  koa: Koa;
  config: AppConfig;
  logger: Logger;
  content: ContentStore;
  lifecycle: Lifecycle;
  relay: OutboxRelay;
  /** The lead store, opened (and migrated) once. */
  leads(): Promise<LeadStore>;
  /** Opens the store (running migrations) and starts the relay: call before listening. */
  start(): Promise<void>;
  /** Stops the relay after its delivery in flight, then closes the store. */
  close(): Promise<void>;
}

export function createApp(deps: AppDeps = {}): App {
  const config = deps.config ?? loadConfig();
  const logger = deps.logger ?? createLogger(config.logLevel);
  const content = deps.content ?? loadContent(config.contentDir);
  const lifecycle: Lifecycle = { shuttingDown: false };
  let opened: Promise<LeadStore> | undefined = deps.leads ? Promise.resolve(deps.leads) : undefined;
  const leads = () => (opened ??= openLeadStore(config));
  const relay = new OutboxRelay(leads, deps.notifiers ?? notifiersFrom(config), logger, deps.relay);
  const origins = remoteOrigins(config);
  const koa = new Koa({ proxy: config.production });
  // Errors Koa reports outside a request's middleware: a visitor closing the connection mid-response
  // (the browser dropping a preload, say) is routine, not a fault, so it is not printed to stderr.
  koa.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    logger.error({ err }, 'unhandled error');
  });

  koa.use(securityHeaders({ production: config.production, remoteOrigins: origins }));
  koa.use(errorHandler(logger));
  koa.use(requestContext(logger));
  koa.use(corsPolicy(origins));
  koa.use(compress({ threshold: 1024 }));

  koa.use(apiNotFound);
  const api = [
    healthRouter(leads, lifecycle),
    contentRouter(content),
    contactRouter(createLeadService(leads, relay), { rateLimit: config.contactRateLimit, logger }),
    remotesRouter(config),
  ];
  for (const router of api) {
    koa.use(router.routes());
    koa.use(router.allowedMethods({ throw: true }));
  }
  // /api paths end here: they never fall through to files or the HTML app.
  koa.use(async (ctx, next) => {
    if (!isApiPath(ctx.path)) await next();
  });
  const files = staticRouter(config);
  koa.use(files.routes());
  koa.use(shareImageRouter(config, content, logger).routes());
  const site = siteRouter(config, content, new ServerRenderer(config, logger));
  koa.use(site.routes());

  return {
    koa,
    config,
    logger,
    content,
    lifecycle,
    relay,
    leads,
    async start() {
      const store = await leads();
      if (relay.channels.length === 0) logger.warn('no LEADS_WEBHOOK_URL or SMTP_URL + LEADS_EMAIL_TO: leads are stored but nobody is notified');
      logger.info({ store: store.kind, channels: relay.channels }, 'lead store ready');
      relay.start();
    },
    async close() {
      await relay.stop();
      if (opened) await (await opened).close();
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
