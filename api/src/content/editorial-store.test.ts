/**
 * The editorial store, one behaviour on two databases: SQLite, and PostgreSQL when TEST_DATABASE_URL
 * is set (.ci/run sets it), each test in a directory or schema of its own.
 */
import { describeEachDatabase, twoInstances } from '../../test/databases';
import { editorialStoreOn } from './open-editorial-store';
import path from 'node:path';
import { loadConfig } from '../app-config';
import { seedContent } from './content-seed';
import { ContentService } from './content-service';
import { ContentConflict, type EditorialStore } from './editorial-store';

const contentDir = loadConfig({}).contentDir;
describeEachDatabase('editorial store', 'content_test', (database) => {
  let store: EditorialStore;
  let other: EditorialStore;
  const clock = () => new Date('2026-11-22T12:00:00Z');
  const service = () => new ContentService({ store: async () => store, imagesDir: path.join(contentDir, 'images'), clock });
  beforeEach(async () => {
    [store, other] = (await twoInstances(database, editorialStoreOn)).stores;
  });
  afterEach(async () => {
    await store.close();
    await other.close();
  });

  it('is seeded once, however many instances start at the same moment', async () => {
    expect(await store.liveItems()).toEqual([]);
    const counts = await Promise.all([seedContent(store, contentDir, clock), seedContent(other, contentDir, clock)]);
    expect(counts.filter((n) => n > 0)).toHaveLength(1);
    const live = await store.liveItems();
    expect(live.length).toBe(Math.max(...counts));
    expect(await seedContent(store, contentDir, clock)).toBe(0);
    expect(await other.liveItems()).toHaveLength(live.length);
    expect(live.filter((l) => l.kind === 'banners')).toHaveLength(1);
    expect(await store.liveRevision()).toBeGreaterThan(0);
  });

  it('keeps every revision and refuses a change prepared against an older one, writing none of it', async () => {
    await seedContent(store, contentDir, clock);
    const item = (await store.item('blog', 'merchants-announcement'))!;
    const body = (await store.revision(item.uid, 1))!.body as Record<string, unknown>;
    await service().save('blog', 'merchants-announcement', { ...body, title: 'Second' }, 'test');
    const stale = store.commit({
      expected: { latestRevision: 1, state: 'published' },
      item: { ...item, latestRevision: 2 },
      revision: { uid: item.uid, revision: 2, itemId: item.itemId, body, createdAt: 'x', createdBy: 'late', restoredFrom: null },
      audit: { actor: 'late', action: 'save', kind: 'blog', itemId: item.itemId, before: null, after: null, at: 'x' },
      live: false,
    });
    await expect(stale).rejects.toBeInstanceOf(ContentConflict);
    const revisions = await other.revisions(item.uid);
    expect(revisions.map((r) => [r.revision, r.createdBy])).toEqual([
      [1, 'seed'],
      [2, 'test'],
    ]);
    expect((await store.audit(item.uid)).map((a) => a.actor)).toEqual(['seed', 'test']);
  });

  it('refuses an id another item has, and redirects every old id of a renamed item to the newest', async () => {
    await seedContent(store, contentDir, clock);
    const body = (id: string) =>
      store.item('blog', id).then(async (i) => (await store.revision(i!.uid, i!.latestRevision))!.body as object);
    const merchants = await body('merchants-announcement');
    await expect(
      service().save('blog', 'merchants-announcement', { ...merchants, id: 'publishers-announcement' }, 't'),
    ).rejects.toBeInstanceOf(ContentConflict);
    for (const id of ['merchants-news', 'merchants-update']) {
      const current = (await store.liveItems()).find(
        (l) => l.kind === 'blog' && (l.body as { title: string }).title === (merchants as { title: string }).title,
      );
      const from = (current!.body as { id: string }).id;
      await service().save('blog', from, { ...merchants, id }, 't');
      await service().publish('blog', id, 't');
    }
    expect(await other.redirects()).toEqual(
      expect.arrayContaining([
        { kind: 'blog', from: 'merchants-announcement', to: 'merchants-update' },
        { kind: 'blog', from: 'merchants-news', to: 'merchants-update' },
      ]),
    );
  });

  it('publishes a scheduled item once, whoever finds it due', async () => {
    await seedContent(store, contentDir, clock);
    const job = await store.item('jobs', 'partnerships-associate');
    await service().unpublish('jobs', job!.itemId, 't');
    await service().publish('jobs', job!.itemId, 't', '2026-11-22T12:00:01Z');
    const later = () => new Date('2026-11-22T12:00:02Z');
    const mine = new ContentService({ store: async () => store, imagesDir: path.join(contentDir, 'images'), clock: later });
    const theirs = new ContentService({ store: async () => other, imagesDir: path.join(contentDir, 'images'), clock: later });
    const done = await Promise.all([mine.publishDue(), theirs.publishDue(), mine.publishDue()]);
    expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await store.item('jobs', job!.itemId))?.state).toBe('published');
    const audit = await store.audit(job!.uid);
    expect(audit.filter((a) => a.action === 'publish scheduled').map((a) => a.actor)).toEqual(['scheduler']);
  });
});
