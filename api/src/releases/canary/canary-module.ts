/**
 * Canary releases: the guard judging each side's figures, its notices, and the release health
 * routes. `decisions` tells listeners (the metrics) what the guard decided.
 */
import { defineAppModule } from '../../app-context';
import { Listeners } from '../../kernel/extension-points';
import type { RemoteName } from '@cardlift/contracts';
import { releaseHealthRouters } from '../../rum/health-wiring';
import { rumModule } from '../../rum/rum-module';
import { noticesModule } from '../../notices/notices-module';
import { registryModule } from '../registry-module';
import { canaryWiring } from './canary-wiring';

export const canaryModule = defineAppModule({
  name: 'canary',
  dependsOn: [registryModule, rumModule, noticesModule],
  build: ({ config, logger, deps, need }) => {
    const { follower: registry, registryStore } = need(registryModule);
    const { store, aggregator, known, timelineExperiments } = need(rumModule);
    const decisions = new Listeners<[remote: RemoteName, action: string]>();
    const canary = canaryWiring({
      ...{ config, logger, follower: registry, registryStore, rumStore: store, aggregator, noticeRelay: deps.noticeRelay },
      releaseNotices: need(noticesModule).releaseNotices,
      onDecision: decisions.emit,
    });
    return {
      provides: { decisions },
      routers: {
        api: releaseHealthRouters({
          ...{ config, aggregator, store, registry, registryStore, canary: canary.canaryHealth, known },
          experiments: async (remote, fromMs) => (await timelineExperiments.peek()?.(remote, fromMs)) ?? [],
        }),
      },
      start: () => canary.start(),
      stop: () => canary.stop(),
    };
  },
});
