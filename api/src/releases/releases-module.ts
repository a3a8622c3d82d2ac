/** Releases: the release api (publish, roll back, canary, schedule) and the schedule that acts on time. */
import { defineAppModule } from '../app-context';
import { renderModule } from '../site/render-module';
import { artifactsModule } from '../artifacts/artifacts-module';
import { registryModule } from './registry-module';
import { releaseContext, serverCheck } from './release-context';
import { releasesRouter } from './releases.router';
import { scheduleWiring } from './schedule/schedule-wiring';
import { servingModule } from '../serving/serving-module';

export const releasesModule = defineAppModule({
  name: 'releases',
  dependsOn: [registryModule, artifactsModule, renderModule, servingModule],
  build: ({ config, logger, clock, need }) => {
    const { registryStore } = need(registryModule);
    const { artifacts } = need(artifactsModule);
    const { pool } = need(renderModule);
    const { previewSecret } = need(servingModule);
    const context = () => registryStore().then((store) => releaseContext(config, store, serverCheck(pool), artifacts));
    const schedule = scheduleWiring({ context, logger, clock });
    return {
      provides: null,
      routers: { api: [releasesRouter({ config, context, previewSecret })] },
      start: () => schedule.start(),
      stop: () => schedule.stop(),
    };
  },
});
