/**
 * The artifact store (release builds and uploaded images). Before serving, a database-backed store
 * copies in the builds being served first; which those are is supplied by a dependent (`serving`,
 * filled by the skew module, which knows what pages still name). It starts after the registry, whose
 * versions those builds are.
 */
import { defineAppModule } from '../app-context';
import { databaseModule } from '../database/database-module';
import { Slot } from '../kernel/extension-points';
import { registryModule } from '../releases/registry-module';
import type { BuildKey } from './artifact-database';
import { artifactsWiring } from './artifacts-wiring';
import { ARTIFACTS_MIGRATIONS } from './artifacts-migrations';

export const artifactsModule = defineAppModule({
  name: 'artifacts',
  migrations: ARTIFACTS_MIGRATIONS,
  dependsOn: [databaseModule, registryModule],
  build: ({ config, logger, need }) => {
    const stores = artifactsWiring(config, logger, need(databaseModule).database);
    const serving = new Slot<() => readonly BuildKey[]>('the builds served now (kept in the artifact cache first)');
    return {
      provides: { artifacts: stores.artifacts, serving },
      start: () => stores.start(() => serving.get()()),
      stop: () => stores.stop(),
    };
  },
});
