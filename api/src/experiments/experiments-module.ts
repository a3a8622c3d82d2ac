/**
 * Experiments: a page's content tested in arms. It supplies the hooks the content, site, measuring and
 * leads modules offer (a write guard, the arm a page is served in, exposures from views and posts,
 * its moves on the release health timeline), so none of them knows experiments exist.
 */
import { databaseModule } from '../database/database-module';
import { defineAppModule } from '../app-context';
import { contentModule } from '../content/content-module';
import { editorModule } from '../editor/editor-module';
import { leadsModule } from '../leads/leads-module';
import { metricsModule } from '../metrics/metrics-module';
import { servingModule } from '../serving/serving-module';
import { rumModule } from '../rum/rum-module';
import { siteModule } from '../site/site-module';
import { CommitStatements } from '../kernel/extension-points';
import type { ExperimentCommit } from './experiment-store';
import { timelineExperiments } from './experiment-timeline';
import { experimentsWiring } from './experiments-wiring';
import { EXPERIMENTS_MIGRATIONS } from './experiments-migrations';

export const experimentsModule = defineAppModule({
  name: 'experiments',
  migrations: EXPERIMENTS_MIGRATIONS,
  dependsOn: [databaseModule, contentModule, editorModule, servingModule, metricsModule, rumModule, siteModule, leadsModule],
  build: ({ config, logger, clock, need }) => {
    const content = need(contentModule);
    // Rows a dependent adds to every experiment change's transaction.
    const commitStatements = new CommitStatements<ExperimentCommit>();
    const experiments = experimentsWiring({
      ...{
        config,
        logger,
        clock,
        database: need(databaseModule).database,
        content: content.service,
        changed: () => content.follower.refresh(),
      },
      ...{ person: need(editorModule).person, registry: need(metricsModule).metrics.registry },
      ...{ editorial: content.editorialStore, live: content.live, secret: need(servingModule).previewSecret },
      ...{ visitor: need(servingModule).visitor, heldVisitor: need(servingModule).heldVisitor },
      added: commitStatements.of,
    });
    content.writeGuard.fill((kind, id) => experiments.service.refuseWrite(kind, id));
    content.armContent.fill((ctx, path) => experiments.armFor(ctx, path));
    need(siteModule).experimentArm.fill((ctx, path) => experiments.armFor(ctx, path));
    const rum = need(rumModule);
    rum.viewHooks.fill({ armViewed: experiments.armViewed, viewReported: experiments.viewReported });
    rum.timelineExperiments.fill(async (remote, fromMs) => timelineExperiments(await experiments.store(), remote, fromMs));
    need(leadsModule).viewed.add((view) => experiments.leadView(view));
    return {
      provides: { judge: experiments.judge, commitStatements },
      routers: { api: [experiments.router] },
      start: () => experiments.start(),
      stop: () => experiments.stop(),
    };
  },
});
