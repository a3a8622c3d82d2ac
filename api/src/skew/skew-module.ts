/** Version skew: which builds pages still name, kept in the artifact cache and out of retention's reach. */
import { defineAppModule } from '../app-context';
import { databaseModule } from '../database/database-module';
import { artifactsModule } from '../artifacts/artifacts-module';
import { registryModule } from '../releases/registry-module';
import { skewWiring } from './skew-wiring';
import { SKEW_MIGRATIONS } from './skew-migrations';

export const skewModule = defineAppModule({
  name: 'skew',
  migrations: SKEW_MIGRATIONS,
  dependsOn: [databaseModule, registryModule, artifactsModule],
  build: ({ config, logger, need }) => {
    const { registryStore, liveRegistry } = need(registryModule);
    const { artifacts, serving } = need(artifactsModule);
    const skew = skewWiring({ config, logger, artifacts, registryStore, database: need(databaseModule).database, liveRegistry });
    serving.fill(() => skew.current.namedBy(liveRegistry()));
    return {
      provides: { pageSent: skew.pageSent },
      metrics: [skew.retention.deletedCounter],
      start: () => skew.start(),
      stop: () => skew.stop(),
    };
  },
});
