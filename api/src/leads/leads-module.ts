/**
 * Leads: the contact api and the contact form posted without script (answered with the page it is
 * on), the lead store and its outbox relay. `outcomes` tells listeners (the metrics) what became of a post.
 */
import { databaseModule } from '../database/database-module';
import { defineAppModule } from '../app-context';
import { Listeners } from '../kernel/extension-points';
import type { LeadView } from './lead-views';
import { rumModule } from '../rum/rum-module';
import { siteModule } from '../site/site-module';
import type { LeadOutcome } from './lead-service';
import { leadsWiring } from './leads-wiring';
import { LEADS_MIGRATIONS } from './leads-migrations';

export const leadsModule = defineAppModule({
  name: 'leads',
  migrations: LEADS_MIGRATIONS,
  dependsOn: [databaseModule, rumModule, siteModule],
  build: ({ config, logger, deps, need }) => {
    const rum = need(rumModule);
    const outcomes = new Listeners<[outcome: LeadOutcome]>();
    // A post's page view, for a later module (the experiments: an exposure of a form sent without script).
    const viewed = new Listeners<[view: LeadView]>();
    const sales = leadsWiring({
      ...{ config, logger, database: need(databaseModule).database, store: deps.leads, notifiers: deps.notifiers, relay: deps.relay },
      onOutcome: outcomes.emit,
      leadView: (posted) => {
        const view = rum.leadView(posted);
        if (view) viewed.emit(view);
        return view;
      },
    });
    return {
      provides: { leads: sales.leads, relay: sales.relay, service: sales.service, outcomes, viewed },
      // The form posts to the page it is on, so its router comes before the site's pages.
      routers: { api: [sales.router], pages: [sales.formRouter(need(siteModule).respond)] },
      async start() {
        await sales.leads();
        await sales.start();
      },
      stop: () => sales.stop(),
    };
  },
});
