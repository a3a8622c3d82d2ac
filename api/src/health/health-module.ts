/** /api/health and /api/ready: whether the process answers, and whether it should get traffic. */
import { defineAppModule } from '../app-context';
import { leadsModule } from '../leads/leads-module';
import { artifactsModule } from '../artifacts/artifacts-module';
import { missingCurrentBuilds } from '../serving/missing-current-builds';
import { registryModule } from '../releases/registry-module';
import { renderModule } from '../site/render-module';
import { healthRouter } from './health.router';

export const healthModule = defineAppModule({
  name: 'health',
  dependsOn: [leadsModule, renderModule, registryModule, artifactsModule],
  build: ({ logger, lifecycle, need }) => {
    const { leads, service } = need(leadsModule);
    const { pool, warmUp } = need(renderModule);
    const { follower } = need(registryModule);
    const missingBuilds = missingCurrentBuilds(() => follower.current(), need(artifactsModule).artifacts, logger);
    const router = healthRouter(
      leads,
      lifecycle,
      () => service.writable(),
      () => pool.warnings(),
      missingBuilds,
      () => !warmUp.isWarm(),
    );
    return { provides: null, routers: { api: [router] } };
  },
});
