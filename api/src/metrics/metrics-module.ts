/**
 * /metrics: the process's figures, timing every answer (so its middleware runs first). It listens to
 * the outcomes the leads, rum and canary modules offer rather than being called by them.
 */
import { defineAppModule } from '../app-context';
import { leadsModule } from '../leads/leads-module';
import { SiteMetrics } from './site-metrics';
import { metricsRouter } from './metrics.router';
import { canaryModule } from '../releases/canary/canary-module';
import { noticesModule } from '../notices/notices-module';
import { registryModule } from '../releases/registry-module';
import { rumModule } from '../rum/rum-module';
import { renderModule } from '../site/render-module';

export const metricsModule = defineAppModule({
  name: 'metrics',
  dependsOn: [registryModule, renderModule, rumModule, leadsModule, canaryModule, noticesModule],
  build: ({ config, need }) => {
    const { follower, registryStore, liveRegistry } = need(registryModule);
    const { pool } = need(renderModule);
    const rum = need(rumModule);
    const leads = need(leadsModule);
    const metrics = new SiteMetrics({
      queueSize: () => pool.queueSize(),
      rumStore: rum.store,
      aggregator: rum.aggregator,
      servedVersions: () => follower.current(),
      renderedVersions: () => liveRegistry().map((entry) => [entry.name, entry.version] as const),
      releaseNotices: () =>
        need(noticesModule)
          .releaseNotices()
          .then((notices) => notices.backlog()),
      knownVersions: rum.known,
      canaries: () => follower.canaries(),
      schedules: () => registryStore().then((store) => store.schedules()),
      leadsWritable: () => leads.service.writable(),
      siteRoot: config.siteRoot,
    });
    pool.observer = metrics;
    leads.outcomes.add((outcome) => metrics.leadOutcome(outcome));
    rum.outcomes.add((outcome, reports) => metrics.reportReceived(outcome, reports));
    need(canaryModule).decisions.add((remote, action) => metrics.release.guardDecided(remote, action));
    return {
      provides: { metrics },
      middleware: { measure: [metrics.middleware()] },
      routers: { api: [metricsRouter(metrics, config.metricsTokenHash)] },
    };
  },
});
