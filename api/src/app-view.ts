/** The `App` that servers, tests and benches drive: the Koa app and the handles they use, from a built system of modules. */
import type { AppContext } from './app-context';
import type { App } from './app-types';
import { contentModule } from './content/content-module';
import { mountSystem } from './kernel/http';
import type { System } from './kernel/system';
import { leadsModule } from './leads/leads-module';
import { metricsModule } from './metrics/metrics-module';
import { koaApp } from './platform/koa-app';
import { noticesModule } from './notices/notices-module';
import { registryModule } from './releases/registry-module';
import { rumModule } from './rum/rum-module';
import { secretsModule } from './secrets/secrets-module';
import { renderModule } from './site/render-module';

export function appView(system: System, { config, logger, lifecycle }: AppContext): App {
  const koa = koaApp(config, logger);
  mountSystem(koa, system);
  const content = system.get(contentModule);
  const registry = system.get(registryModule);
  const leads = system.get(leadsModule);
  const rum = system.get(rumModule);
  const render = system.get(renderModule);
  const { metrics } = system.get(metricsModule);
  for (const metric of system.metrics) metrics.registry.registerMetric(metric);
  return {
    ...{ koa, config, logger, lifecycle, content: content.live, contentFollower: content.follower },
    ...{ relay: leads.relay, leads: leads.leads, registry: registry.follower, registryStore: registry.registryStore },
    ...{ editorialStore: content.editorialStore, rum: rum.aggregator, rumPageToken: rum.pageToken },
    sharedSecret: system.get(secretsModule).sharedSecret,
    releaseNotices: system.get(noticesModule).releaseNotices,
    start: () => system.start(),
    // The routes too, so the first page views after a start are filed under their pages, not 'other'.
    warm: () => render.pool.warm().then(() => rum.routes.refresh()),
    warmUp: render.warmUp,
    warmPages: render.warmPages,
    resolvePage: render.resolveLivePage,
    close: () => system.stop(),
  };
}
