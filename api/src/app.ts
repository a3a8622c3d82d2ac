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

  for (const router of [remotesRouter(config)]) {
    koa.use(router.routes());
    koa.use(router.allowedMethods({ throw: true }));
  }
  // Unknown /api paths answer JSON, never the HTML app.
  koa.use(async (ctx, next) => {
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) throw new AppError(404, 'not_found', `No api endpoint ${ctx.method} ${ctx.path}`);
    await next();
  });
  const files = staticRouter(config);
  koa.use(files.routes());
  const site = siteRouter(config, content);
  koa.use(site.routes());
  return { koa, config, logger, content };
}
