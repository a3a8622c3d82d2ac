/** The render workers: pages of the served builds drawn in sandboxed processes, with the published content. */
import { defineAppModule } from '../app-context';
import { contentModule } from '../content/content-module';
import type { SharedContent } from '../content/live-content';
import { registryModule } from '../releases/registry-module';
import { RenderPool } from './render-pool';
import { WarmUp, warmUpPlan } from './warm-up';

export const renderModule = defineAppModule({
  name: 'render',
  dependsOn: [contentModule, registryModule],
  build: ({ config, logger, clock, need }) => {
    const { live } = need(contentModule);
    const { liveRegistry } = need(registryModule);
    const pool = new RenderPool(config, logger, { content: () => live.forWorkers() });
    const warmUp = new WarmUp();
    return {
      provides: {
        pool,
        warmUp,
        /** Renders the static pages through the server listening at `origin`; warm once done. */
        warmPages: (origin: string) => warmUp.run(warmUpPlan(origin, { pool, liveRegistry, clock, logger })),
        resolveLivePage: (pathname: string, preview?: SharedContent) => pool.resolve(pathname, liveRegistry(), clock(), preview),
      },
      stop: () => pool.close(),
    };
  },
});
