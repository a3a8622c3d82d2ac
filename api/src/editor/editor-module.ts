/** The content editor: accounts, sessions and presence (api routes) and its one page. */
import { databaseModule } from '../database/database-module';
import { defineAppModule } from '../app-context';
import { contentModule } from '../content/content-module';
import { itemState } from '../content/pending-schedule';
import { editorAppRouter } from './editor-app.router';
import { editorWiring } from './editor-wiring';
import { EDITOR_MIGRATIONS } from './editor-migrations';

export const editorModule = defineAppModule({
  name: 'editor',
  migrations: EDITOR_MIGRATIONS,
  dependsOn: [databaseModule, contentModule],
  build: ({ config, logger, clock, need }) => {
    const { service } = need(contentModule);
    const editor = editorWiring(config, {
      logger,
      clock,
      database: need(databaseModule).database,
      itemState: (kind, id) => itemState(service, kind, id),
    });
    return {
      provides: { person: editor.person, sessionTag: editor.sessionTag },
      // The editor's page comes before the site's pages (which would answer 404).
      routers: { api: editor.routers, pages: [editorAppRouter(config)] },
      stop: () => editor.close(),
    };
  },
});
