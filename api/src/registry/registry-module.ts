/**
 * The shared registry: its store (opened on first use, in the process's database) and the follower
 * that keeps this instance's served versions in line with it. `liveRegistry` is what every visitor
 * outside a canary or preview is served now.
 */
import { defineAppModule } from '../app-context';
import { importLegacyHistory } from './history-import';
import { openRegistryStore } from './open-registry';
import { RegistryFollower } from './registry-follower';
import type { RegistryStore } from './registry-store';
import { buildRegistry } from './remote-registry';

export const registryModule = defineAppModule({
  name: 'registry',
  build: ({ config, logger }) => {
    let opened: Promise<RegistryStore> | undefined;
    const registryStore = () => (opened ??= openRegistryStore(config));
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
