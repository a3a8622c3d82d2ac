/**
 * Presence on an item and the sign-in delays, on both databases (PostgreSQL when TEST_DATABASE_URL is
 * set): each person sees who else has an item open and since when, until they leave or go quiet; a
 * pair of e-mail and address waits once its free tries are spent, longer each time, and a sign-in clears it.
 */
import { describeEachDatabase, storeOnFresh } from '../../test/databases';
import { editorStoreOnDatabase } from './open-editor-store';
import { EditorPresence, PRESENCE_GONE_MS } from './editor-presence';
import type { EditorStore } from './editor-store';
import { FREE_FAILURES, SignInThrottle, waitAfter } from './sign-in-throttle';

describeEachDatabase('editor presence', 'presence_test', (database) => {
  let now = new Date('2026-11-25T09:00:00Z');
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  let opened: { store: EditorStore; drop(): Promise<void> };
  beforeAll(async () => {
    opened = await storeOnFresh(database, editorStoreOnDatabase);
  });
  afterAll(async () => {
    await opened.store.close();
    await opened.drop();
  });

  it('answers the others on the same item, since when, and forgets one who left or went quiet', async () => {
    const presence = new EditorPresence(
      async () => opened.store,
      () => now,
    );
    expect(await presence.here('blog', 'offers-api', 'ana@example.com')).toEqual([]);
    const anaSince = now.toISOString();
    later(2_000);
    expect(await presence.here('blog', 'offers-api', 'cy@example.com')).toEqual([{ email: 'ana@example.com', since: anaSince }]);
    expect(await presence.here('blog', 'another-post', 'ed@example.com')).toEqual([]);
    later(4_000);
    expect(await presence.here('blog', 'offers-api', 'ana@example.com')).toEqual([{ email: 'cy@example.com', since: expect.any(String) }]);
    // Still the time Ana first opened it, not her latest refresh.
    expect((await presence.here('blog', 'offers-api', 'cy@example.com'))[0]).toEqual({ email: 'ana@example.com', since: anaSince });
    await presence.leave('blog', 'offers-api', 'cy@example.com');
    expect(await presence.here('blog', 'offers-api', 'ana@example.com')).toEqual([]);
    later(PRESENCE_GONE_MS + 1_000);
    expect(await presence.here('blog', 'offers-api', 'cy@example.com')).toEqual([]);
  });

  it('makes a pair wait once its free tries are spent, longer each time, and forgets it after a sign-in', async () => {
    const throttle = new SignInThrottle(
      async () => opened.store,
      () => now,
    );
    for (let i = 1; i < FREE_FAILURES; i += 1)
      expect(await throttle.failed('ana@example.com', '192.0.2.1')).toEqual({ failures: i, waitMs: 0 });
    expect(await throttle.failed('ana@example.com', '192.0.2.1')).toEqual({ failures: FREE_FAILURES, waitMs: 30_000 });
    expect(await throttle.waitFor('ana@example.com', '192.0.2.1')).toBe(30_000);
    expect(await throttle.waitFor('ana@example.com', '192.0.2.2')).toBe(0);
    later(30_000);
    expect(await throttle.failed('ana@example.com', '192.0.2.1')).toEqual({ failures: FREE_FAILURES + 1, waitMs: 60_000 });
    expect(waitAfter(FREE_FAILURES + 20)).toBe(15 * 60_000);
    await throttle.cleared('ana@example.com', '192.0.2.1');
    expect(await throttle.waitFor('ana@example.com', '192.0.2.1')).toBe(0);
  });
});
