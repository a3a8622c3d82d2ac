/** What every module of the api is built with: the configuration, logger and clock, and the test seams (`AppDeps`). */
import { publishSiteAddresses } from '@cardlift/contracts';
import type { AppDeps } from './app-types';
import type { Clock } from './content/content-store';
import { moduleDefiner } from './kernel/module';
import { loadConfig, type AppConfig } from './app-config';
import type { Migration } from './platform/db-connections';
import type { Lifecycle } from './platform/lifecycle';
import { createLogger, type Logger } from './platform/logger';

export interface AppContext {
  config: AppConfig;
  logger: Logger;
  clock: Clock;
  deps: AppDeps;
  lifecycle: Lifecycle;
}

export const defineAppModule = moduleDefiner<AppContext, Migration>();

export function appContext(deps: AppDeps): AppContext {
  const config = deps.config ?? loadConfig();
  // One site per process: head tags, the sitemap and mails built here use this environment's addresses.
  publishSiteAddresses(config.siteAddresses);
  const logger = deps.logger ?? createLogger(config.logLevel);
  return { config, logger, clock: deps.clock ?? (() => new Date()), deps, lifecycle: { shuttingDown: false } };
}
