/**
 * The content's routes: published content, the content API (editors and publisher tokens), uploaded
 * images and previews of unpublished items, and the redirects of renamed pages.
 */
import { defineAppModule } from '../app-context';
import { editorModule } from '../editor/editor-module';
import { artifactsModule } from '../artifacts/artifacts-module';
import { servingModule } from '../serving/serving-module';
import { contentApiRouter } from './content-api.router';
import { contentModule } from './content-module';
import { contentRedirects } from './content-redirects';
import { contentRouter } from './content.router';
import { mediaWiring } from './media-wiring';

export const contentApiModule = defineAppModule({
  name: 'content-api',
  dependsOn: [contentModule, editorModule, artifactsModule, servingModule],
  build: ({ config, logger, clock, need }) => {
    const { live, editorialStore, service, follower, followed, armContent } = need(contentModule);
    const { person, sessionTag } = need(editorModule);
    const { artifacts } = need(artifactsModule);
    const { previewSecret } = need(servingModule);
    const media = mediaWiring({
      ...{ config, logger, artifacts, person, live, editorial: editorialStore },
      ...{ secret: previewSecret, clock, sessionTag },
    });
    const changed = () => follower.refresh();
    return {
      provides: null,
      middleware: { outer: [media.contentPreview, contentRedirects(live)] },
      routers: {
        api: [
          contentRouter(live, (ctx, path) => armContent.peek()?.(ctx, path)),
          contentApiRouter({ service, tokens: config.contentTokens, person, live, clock, changed }),
          ...media.routers,
        ],
      },
      start() {
        if (followed) media.uploadSweep.start();
      },
      stop: () => media.uploadSweep.stop(),
    };
  },
});
