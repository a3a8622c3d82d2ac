/**
 * The editor's two lists: every item of a kind as it stands, and what is scheduled, soonest first.
 * Titles and authors come from the revision the row is about (the latest, or the scheduled one).
 */
import type { ContentKind, ContentListEntry, ScheduledEntry } from '@cardlift/contracts';
import type { EditorialStore, ItemRecord } from './editorial-store';

/** No item is scheduled past this: every scheduled item is "due" by then, in the order of its time. */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';

/** The title a person knows the item by; the banners are one document with none. */
function titleOf(kind: ContentKind, body: unknown, itemId: string): string {
  if (kind === 'banners') return 'Site banners';
  const title = (body as { title?: unknown } | null)?.title;
  return typeof title === 'string' ? title : itemId;
}

async function described(store: EditorialStore, item: ItemRecord, revision: number) {
  const saved = await store.revision(item.uid, revision);
  return { title: titleOf(item.kind, saved?.body, item.itemId), author: saved?.createdBy ?? '' };
}

export async function contentList(store: EditorialStore, kind: ContentKind): Promise<ContentListEntry[]> {
  return Promise.all(
    (await store.items(kind)).map(async (item) => ({
      id: item.itemId,
      ...(await described(store, item, item.latestRevision)),
      state: item.state,
      updatedAt: item.updatedAt,
      publishAt: item.publishAt,
      liveRevision: item.state === 'unpublished' ? null : item.liveRevision,
      latestRevision: item.latestRevision,
    })),
  );
}

export async function scheduledList(store: EditorialStore): Promise<ScheduledEntry[]> {
  return Promise.all(
    (await store.due(END_OF_TIME)).map(async (item) => ({
      kind: item.kind,
      id: item.itemId,
      ...(await described(store, item, item.scheduledRevision ?? item.latestRevision)),
      publishAt: item.publishAt!,
    })),
  );
}
