/** The site: its pages (the catch-all, last), the built files and the share images. */
import { defineAppModule } from '../app-context';
import { Slot } from '../kernel/extension-points';
import { contentModule } from '../content/content-module';
import { artifactsModule } from '../artifacts/artifacts-module';
import { registryModule } from '../releases/registry-module';
import { servingModule } from '../serving/serving-module';
import { skewModule } from '../skew/skew-module';
import { rumModule } from '../rum/rum-module';
import { renderModule } from './render-module';
import { shareImageRouter } from './share-images';
import { siteRouter, type SiteDeps } from './site-router';
import { staticRouter } from './static-files';
import { promotedBuildWarmer } from './promoted-build-warm';

export const siteModule = defineAppModule({
  name: 'site',
  dependsOn: [contentModule, artifactsModule, registryModule, servingModule, skewModule, rumModule, renderModule],
  build: ({ config, logger, clock, need }) => {
    const { pool, resolveLivePage } = need(renderModule);
    // The arm a later module (the experiments) serves a page in.
    const experimentArm = new Slot<NonNullable<SiteDeps['experimentArm']>>('the arm of a page');
    const site = siteRouter(config, {
      experimentArm: (ctx, path) => experimentArm.peek()?.(ctx, path),
      content: need(contentModule).live,
      pool,
      clock,
      registryFor: need(servingModule).registryFor,
      liveRegistry: need(registryModule).liveRegistry,
      rumToken: need(rumModule).pageToken,
      pageSent: need(skewModule).pageSent,
    });
    need(registryModule).warmBuild.fill(promotedBuildWarmer(config, pool, site.warmPage));
    return {
      provides: { respond: site.respond, experimentArm },
      routers: {
        pages: [staticRouter(config, need(artifactsModule).artifacts), shareImageRouter(config, resolveLivePage, logger)],
        fallback: [site.router],
      },
    };
  },
});
