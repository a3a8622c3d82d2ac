/**
 * Two app instances on one database (a SQLite file; PostgreSQL when TEST_DATABASE_URL is set): a
 * publish through one is served by the other within 2 s, page included, and a seeded database is not
 * seeded again. An instance that cannot read the database goes on serving the content it holds.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { CONTENT_TOKENS, contentApi, waitFor } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { freshSchemaUrl, TEST_DATABASE_URL } from '../../test/postgres';
import { testApp } from '../../test/test-app';
import { loadConfig } from '../app-config';
import { ContentFollower } from './content-follower';
import { ContentService } from './content-service';
import { loadContent } from './content-store';
import { LiveContent } from './live-content';

const siteRoot = writeFixtureSite();
const databases: { name: string; config(): Promise<{ dataDir: string; databaseUrl: string | undefined }> }[] = [
  {
    name: 'one SQLite file',
    config: async () => ({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-two-')), databaseUrl: undefined }),
  },
];
if (TEST_DATABASE_URL) {
  databases.push({
    name: 'PostgreSQL',
    config: async () => ({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-two-')),
      databaseUrl: await freshSchemaUrl('content_two'),
    }),
  });
} else {
  describe('two instances on PostgreSQL', () => {
    it.skip('SKIPPED: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run it on PostgreSQL', () => undefined);
  });
}

describe.each(databases)('two instances on $name', (database) => {
  it('serve a publish made through either within 2 s, and seed once', async () => {
    const shared = await database.config();
    const [one, two] = [0, 1].map(() => testApp({ ...shared, siteRoot, contentTokens: CONTENT_TOKENS }));
    const open = new Set([one!, two!]);
    try {
      await Promise.all([one!.start(), two!.start()]);
      const store = await one!.editorialStore();
      const seeded = (await store.liveItems()).length;
      await two!.close();
      open.delete(two!);
      const again = testApp({ ...shared, siteRoot, contentTokens: CONTENT_TOKENS });
      open.add(again);
      await again.start();
      expect((await store.liveItems()).length).toBe(seeded);
      const api = contentApi(one!.koa.callback());
      const post = (await api.get('blog/merchants-announcement').expect(200)).body.content;
      for (const title of ['Published on one', 'And again']) {
        await api.save('blog/merchants-announcement', { ...post, title }).expect(200);
        await api.publish('blog/merchants-announcement').expect(200);
        const took = await waitFor(
          async () => (await request(again.koa.callback()).get('/api/blog/merchants-announcement')).body.title === title,
          2000,
        );
        expect(took).toBeLessThan(2000);
      }
      const page = await request(again.koa.callback()).get('/blog/merchants-announcement').expect(200);
      expect(page.text).toContain('<title>And again');
    } finally {
      for (const app of open) await app.close();
    }
  }, 30_000);
});

describe('an instance whose database is unreachable', () => {
  it('keeps serving the content it holds', async () => {
    const contentDir = loadConfig({}).contentDir;
    const live = new LiveContent(loadContent(contentDir));
    const down = async () => {
      throw new Error('connection refused');
    };
    const service = new ContentService({ store: down, imagesDir: path.join(contentDir, 'images'), clock: () => new Date() });
    const follower = new ContentFollower(down, service, live, pino({ level: 'silent' }));
    const before = live.caseStudies;
    await follower.refresh();
    expect(live.caseStudies).toBe(before);
    expect(live.caseStudy('sling-tv-case-study')?.client).toBe('Sling TV');
  });
});
