/**
 * The release health routes, built from what the app already holds: the JSON answers
 * (/api/releases/{remote}/health and .../timeline) and the page for people (/releases/health).
 */
import type Router from '@koa/router';
import type { AppConfig } from '../app-config';
import type { RegistryFollower } from '../serving/registry-follower';
import type { RegistryStore } from '../releases/registry-store';
import { healthPageRouter } from './health-page.router';
import { releaseHealthRouter, type HealthRouterDeps } from './health.router';

export interface HealthWiring extends Pick<HealthRouterDeps, 'aggregator' | 'store' | 'canary' | 'known' | 'experiments'> {
  config: AppConfig;
  registry: Pick<RegistryFollower, 'current'>;
  registryStore: () => Promise<RegistryStore>;
}

export function releaseHealthRouters({ registry, registryStore, ...shared }: HealthWiring): Router[] {
  const deps: HealthRouterDeps = {
    ...shared,
    current: () => registry.current(),
    events: (remote) => registryStore().then((registryState) => registryState.events(remote)),
  };
  return [releaseHealthRouter(deps), healthPageRouter({ ...deps, siteOrigin: shared.config.siteAddresses.siteUrl })];
}
