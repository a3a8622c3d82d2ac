/** The shared caches: the headers of shared and private answers, the purge relay and the overdue purges' tags. */
import { defineAppModule } from '../app-context';
import { contentModule } from '../content/content-module';
import { metricsModule } from '../metrics/metrics-module';
import { registryModule } from '../registry/registry-module';
import { edgeWiring } from './edge-wiring';
import { EDGE_MIGRATIONS } from './edge-migrations';

export const edgeModule = defineAppModule({
  name: 'edge',
  migrations: EDGE_MIGRATIONS,
  dependsOn: [registryModule, contentModule, metricsModule],
  build: ({ config, logger, deps, need }) => {
    const { registryStore, follower } = need(registryModule);
    const content = need(contentModule);
    const follow = () => Promise.all([follower.refresh(), content.followed ? content.follower.refresh() : undefined]).then(() => undefined);
    const { metrics } = need(metricsModule);
    const edge = edgeWiring({ config, logger, registryStore, follow, metrics, relay: deps.purgeRelay });
    return {
      provides: null,
      // Cache defaults before the error handler, so error answers carry them; shared copies are of compressed answers.
      middleware: { 'cache-defaults': [edge.defaults], 'cache-share': [edge.shared] },
      routers: { pages: [edge.router] },
      start: () => edge.start(),
      stop: () => edge.stop(),
    };
  },
});
