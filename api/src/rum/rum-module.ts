/**
 * Real-user measuring: the reports' ingest route, their aggregation and store, the page-view tokens
 * and the known routes and versions. `outcomes` tells listeners (the metrics) what became of reports.
 */
import { databaseModule } from '../database/database-module';
import { defineAppModule } from '../app-context';
import { Listeners, Slot } from '../kernel/extension-points';
import { registryModule } from '../releases/registry-module';
import { secretsModule } from '../secrets/secrets-module';
import { renderModule } from '../site/render-module';
import type { TimelineExperiments } from './health.router';
import type { IngestOptions, IngestOutcome } from './ingest.router';
import { rumWiring } from './rum-wiring';
import { RUM_MIGRATIONS } from './rum-migrations';

export const rumModule = defineAppModule({
  name: 'rum',
  migrations: RUM_MIGRATIONS,
  dependsOn: [databaseModule, registryModule, renderModule, secretsModule],
  build: ({ config, logger, need }) => {
    const { follower, registryStore, liveRegistry } = need(registryModule);
    const { pool } = need(renderModule);
    const outcomes = new Listeners<[outcome: IngestOutcome, reports?: number]>();
    // What a later module (the experiments) does with a view of a page in an arm, and with its report.
    const viewHooks = new Slot<Required<Pick<IngestOptions, 'armViewed' | 'viewReported'>>>('the hooks on page views');
    // The experiments' moves on a section's pages, for its release health timeline.
    const timelineExperiments = new Slot<TimelineExperiments>('the experiments on the release timeline');
    const measuring = rumWiring({
      ...{ config, logger, follower, registryStore, pool, liveRegistry, onOutcome: outcomes.emit },
      database: need(databaseModule).database,
      sharedSecret: need(secretsModule).sharedSecret,
      experimentHooks: {
        armViewed: async (view, ctx) => viewHooks.peek()?.armViewed(view, ctx),
        viewReported: (view) => viewHooks.peek()?.viewReported(view),
      },
    });
    pool.sectionRendered = (remote, version, ok) => measuring.aggregator.countRender(remote, version, ok);
    return {
      provides: { ...measuring, outcomes, viewHooks, timelineExperiments },
      routers: { api: [measuring.router] },
      start: () => measuring.start(),
      stop: () => measuring.stop(),
    };
  },
});
