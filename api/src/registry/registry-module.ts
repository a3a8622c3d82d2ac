/**
 * The shared registry: its store (opened on first use, in the process's database) and the follower
 * that keeps this instance's served versions in line with it. `liveRegistry` is what every visitor
 * outside a canary or preview is served now.
 */
import { defineAppModule } from '../app-context';
import { databaseModule } from '../database/database-module';
import { importLegacyHistory } from './history-import';
import { registryStoreOn } from './open-registry';
import { RegistryFollower } from './registry-follower';
import type { RegistryStore } from './registry-store';
import { buildRegistry } from './remote-registry';
import { REGISTRY_MIGRATIONS } from './registry-migrations';

export const registryModule = defineAppModule({
  name: 'registry',
  migrations: REGISTRY_MIGRATIONS,
  dependsOn: [databaseModule],
  build: ({ config, logger, need }) => {
    const { database } = need(databaseModule);
    let opened: Promise<RegistryStore> | undefined;
    const registryStore = () => (opened ??= database().then(registryStoreOn));
    const follower = new RegistryFollower(registryStore, logger);
    return {
      provides: { registryStore, follower, liveRegistry: () => buildRegistry(config, follower.current()) },
      async start() {
        await importLegacyHistory(await registryStore(), config.releasesDir, logger);
        await follower.start();
      },
      async stop() {
        follower.stop();
        if (opened) await (await opened).close();
      },
    };
  },
});
