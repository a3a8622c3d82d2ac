/**
 * The content: what is served (`live`, the files until the database is read, then the database's),
 * the editorial store, the service that writes it and the follower that keeps `live` current.
 */
import path from 'node:path';
import { defineAppModule } from '../app-context';
import { databaseModule } from '../database/database-module';
import { CommitStatements, Slot } from '../kernel/extension-points';
import { artifactsModule } from '../artifacts/artifacts-module';
import { loadContent } from './content-store';
import { ContentFollower } from './content-follower';
import { seedContent } from './content-seed';
import { ContentService } from './content-service';
import type { ArmContent } from './content.router';
import type { ContentKind } from '@cardlift/contracts';
import type { ContentChange, EditorialStore } from './editorial-store';
import { LiveContent } from './live-content';
import { editorialStoreOn } from './open-editorial-store';
import { CONTENT_MIGRATIONS } from './content-migrations';

export const contentModule = defineAppModule({
  name: 'content',
  migrations: CONTENT_MIGRATIONS,
  dependsOn: [databaseModule, artifactsModule],
  build: ({ config, logger, clock, deps, need }) => {
    const { artifacts } = need(artifactsModule);
    // The files serve until start() has read the database (they are its seed, so the same content).
    const live = new LiveContent(deps.content ?? loadContent(config.contentDir, clock), clock);
    // Rows dependents add to every content change; read at each change.
    const commitStatements = new CommitStatements<ContentChange>();
    let opened: Promise<EditorialStore> | undefined;
    const editorialStore = () =>
      (opened ??= need(databaseModule)
        .database()
        .then((connection) => editorialStoreOn(connection, commitStatements.of)));
    const uploaded = (name: string) => artifacts.locateContentImage(name) !== undefined;
    // Hooks a later module supplies (the experiments): a check before any write, and the content a
    // visitor's arm shows instead of the published item.
    const writeGuard = new Slot<(kind: ContentKind, id: string) => Promise<void>>('the content write guard');
    const armContent = new Slot<ArmContent>('the content of an arm');
    const service = new ContentService({
      ...{ store: editorialStore, imagesDir: path.join(config.contentDir, 'images'), uploaded, clock },
      writeGuard: async (kind, id) => writeGuard.peek()?.(kind, id),
    });
    const follower = new ContentFollower(editorialStore, service, live, logger);
    return {
      // Fixed content (deps.content) is served as given: the database's is neither seeded nor followed.
      provides: { live, editorialStore, service, follower, followed: !deps.content, writeGuard, armContent, commitStatements },
      async start() {
        if (deps.content) return;
        const seeded = await seedContent(await editorialStore(), config.contentDir, clock);
        if (seeded) logger.info({ items: seeded }, 'content seeded from the content files');
        await follower.start();
      },
      async stop() {
        follower.stop();
        if (opened) await (await opened).close();
      },
    };
  },
});
