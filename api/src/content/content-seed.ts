/**
 * The content files (api/content/) are the seed: imported, published, into a database that was never
 * seeded, once in the database's life. Several instances starting together seed once (the claim is a
 * row update in the same transaction, editorial-store.ts, CLAIM_SEED), and a second start adds nothing.
 */
import type { Clock } from './content-store';
import { readCheckedContent } from './content-store';
import { bodiesOf, KINDS } from './content-kinds';
import { emptyItem } from './content-service';
import type { ContentChange, EditorialStore } from './editorial-store';

/** Seeds `store` from `contentDir` unless it was seeded before; answers how many items it imported. */
export async function seedContent(store: EditorialStore, contentDir: string, clock: Clock = () => new Date()): Promise<number> {
  const at = clock().toISOString();
  const changes = bodiesOf(readCheckedContent(contentDir)).map(({ kind, body }): ContentChange => {
    const id = KINDS[kind].idOf(body);
    const item = { ...emptyItem(kind, id, at, 'published'), liveRevision: 1, liveId: id };
    return {
      expected: null,
      item,
      revision: { uid: item.uid, revision: 1, itemId: id, body, createdAt: at, createdBy: 'seed', restoredFrom: null },
      audit: { actor: 'seed', action: 'seed', kind, itemId: id, before: null, after: body, at },
      live: true,
    };
  });
  return (await store.seed(changes)) ? changes.length : 0;
}
