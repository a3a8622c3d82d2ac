/**
 * The Koa application, apart from `listen` so tests drive it through `callback()`.
 * Order: errors first, then request context, api routes, files, and the HTML pages last.
 */
import Koa from 'koa';
import compress from 'koa-compress';
import { loadConfig, type AppConfig } from './config';
import { AppError } from './errors';
import { createLogger, type Logger } from './logger';
import { errorHandler } from './middleware/error-handler';
import { requestContext } from './middleware/request-id';
import { contentRouter } from './routes/content.router';
import { remotesRouter } from './routes/remotes.router';
import { loadContent, type ContentStore } from './services/content-store';
import { siteRouter } from './web/site-router';
import { staticRouter } from './web/static-files';

export interface AppDeps {
  config?: AppConfig;
  logger?: Logger;
  content?: ContentStore;
}

export interface App {
  koa: Koa;
  config: AppConfig;
  logger: Logger;
  content: ContentStore;
}

export function createApp(deps: AppDeps = {}): App {
  const config = deps.config ?? loadConfig();
  const logger = deps.logger ?? createLogger(config.logLevel);
  const content = deps.content ?? loadContent(config.contentDir);
  const koa = new Koa({ proxy: config.production });

  koa.use(errorHandler(logger));
  koa.use(requestContext(logger));
  koa.use(compress({ threshold: 1024 }));

  koa.use(apiNotFound);
  for (const router of [contentRouter(content), remotesRouter(config)]) {
    koa.use(router.routes());
    koa.use(router.allowedMethods({ throw: true }));
  }
  // /api paths end here: they never fall through to files or the HTML app.
  koa.use(async (ctx, next) => {
    if (!isApiPath(ctx.path)) await next();
  });
  const files = staticRouter(config);
  koa.use(files.routes());
  const site = siteRouter(config, content);
  koa.use(site.routes());
  return { koa, config, logger, content };
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
