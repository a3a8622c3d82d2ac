/**
 * The shared registry: its store (opened on first use, in the process's database) and the follower
 * that keeps this instance's served versions in line with it. `liveRegistry` is what every visitor
 * outside a canary or preview is served now. The site fills `warmBuild`, which renders a promoted
 * build's pages before the follower serves it (warm-switch.ts).
 */
import { defineAppModule } from '../app-context';
import { databaseModule } from '../database/database-module';
import { CommitStatements, Slot } from '../kernel/extension-points';
import type { RegistryCommit } from './commit-statements';
import { importLegacyHistory } from './history-import';
import { registryStoreOn } from './open-registry';
import { RegistryFollower } from '../serving/registry-follower';
import type { RegistryStore } from './registry-store';
import { buildRegistry } from '../serving/remote-registry';
import type { WarmBuild } from '../serving/warm-switch';
import { REGISTRY_MIGRATIONS } from './registry-migrations';

export const registryModule = defineAppModule({
  name: 'registry',
  migrations: REGISTRY_MIGRATIONS,
  dependsOn: [databaseModule],
  build: ({ config, logger, need }) => {
    const { database } = need(databaseModule);
    // Rows dependents add to every registry commit; read at each commit.
    const commitStatements = new CommitStatements<RegistryCommit>();
    let opened: Promise<RegistryStore> | undefined;
    const registryStore = () => (opened ??= database().then((connection) => registryStoreOn(connection, commitStatements.of)));
    const warmBuild = new Slot<WarmBuild>('the render of a new build before it is served');
    const follower = new RegistryFollower(registryStore, logger, undefined, () => warmBuild.peek());
    return {
      provides: { registryStore, commitStatements, follower, warmBuild, liveRegistry: () => buildRegistry(config, follower.current()) },
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
