/**
 * The shared caches: the headers of shared and private answers, the purge relay and the overdue
 * purges' tags. Its purge jobs ride in the commits of the registry, the content and the experiments,
 * through the commit-statement hooks those modules offer (purge-commits.ts).
 */
import { defineAppModule } from '../app-context';
import { contentModule } from '../content/content-module';
import { databaseModule } from '../database/database-module';
import { experimentsModule } from '../experiments/experiments-module';
import { metricsModule } from '../metrics/metrics-module';
import { registryModule } from '../releases/registry-module';
import { edgeWiring } from './edge-wiring';
import { EDGE_MIGRATIONS } from './edge-migrations';
import { addPurgeStatements, purgeJobsOn } from './purge-commits';

export const edgeModule = defineAppModule({
  name: 'edge',
  migrations: EDGE_MIGRATIONS,
  dependsOn: [databaseModule, registryModule, contentModule, experimentsModule, metricsModule],
  build: ({ config, logger, deps, need }) => {
    const { commitStatements: registry, follower } = need(registryModule);
    const content = need(contentModule);
    addPurgeStatements({ registry, content: content.commitStatements, experiments: need(experimentsModule).commitStatements });
    const { database } = need(databaseModule);
    const purges = () => database().then(purgeJobsOn);
    const follow = () => Promise.all([follower.refresh(), content.followed ? content.follower.refresh() : undefined]).then(() => undefined);
    const { metrics } = need(metricsModule);
    const edge = edgeWiring({ config, logger, purges, follow, metrics, relay: deps.purgeRelay });
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
