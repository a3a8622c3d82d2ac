/**
 * What the content API and the CLI do to an item: save a draft, publish (now or at a time),
 * unpublish, list revisions, restore one. Every write is checked with the item's contract schema, and
 * a publish also against the rest of the live content (the banner's post exists, images are on disk),
 * so a malformed item can never become public. Every action is one revision-checked commit with its
 * audit line: a refused or lost race writes nothing.
 */
import crypto from 'node:crypto';
import { BANNERS_ITEM_ID, type ContentKind, type ContentState, type PendingSchedule } from '@cardlift/contracts';
import { checkReferences, ContentError, type Clock, type UploadedImageCheck } from './content-store';
import { itemsOf, KINDS } from './content-kinds';
import { checkBase, type WriteBase } from './content-preconditions';
import { ContentRefused } from './content-refused';
import { checkedItem } from './checked-item';
import { endingSchedule } from './pending-schedule';
import { checkBannerLinks } from './site-links';
import type { ContentChange, ContentRedirect, EditorialStore, ItemRecord, RevisionRecord } from './editorial-store';

export { ContentRefused };

export interface ContentServiceDeps {
  store(): Promise<EditorialStore>;
  /** Where the images content names must exist (api/content/images). */
  imagesDir: string;
  /** Whether an uploaded image is in the shared store (none without it). */
  uploaded?: UploadedImageCheck;
  clock: Clock;
  /** Refuses (throws ContentRefused) a write to an item that must not change now: one in a running experiment. */
  writeGuard?(kind: ContentKind, id: string): Promise<void>;
}

const unchanged = (item: ItemRecord) => ({ latestRevision: item.latestRevision, state: item.state });
const publicState = (item: ItemRecord) => ({ state: item.state, liveRevision: item.liveRevision, publishAt: item.publishAt });

export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** The store the service works on, for reads that change nothing (the editor's lists). */
  store(): Promise<EditorialStore> {
    return this.deps.store();
  }

  private now(): string {
    return this.deps.clock().toISOString();
  }

  async find(kind: ContentKind, id: string): Promise<{ store: EditorialStore; item: ItemRecord }> {
    const store = await this.deps.store();
    const item = await store.item(kind, id);
    if (!item) throw new ContentRefused('not_found', 'not_found', `${KINDS[kind].label} not found`);
    return { store, item };
  }

  /**
   * Saves `body` as the item's newest revision (a draft: what visitors see does not change). `base`
   * is the revision the writer started from (content-preconditions.ts); the CLI writes over anything.
   */
  async save(
    kind: ContentKind,
    id: string,
    body: unknown,
    actor: string,
    { restoredFrom = null, base = 'any' }: { restoredFrom?: number | null; base?: WriteBase } = {},
  ): Promise<ItemRecord> {
    if (kind === 'banners' && id !== BANNERS_ITEM_ID)
      throw new ContentRefused('not_found', 'not_found', `Banners are edited as "${BANNERS_ITEM_ID}"`);
    await this.deps.writeGuard?.(kind, id);
    const content = checkedItem(kind, body);
    const newId = KINDS[kind].idOf(content);
    const store = await this.deps.store();
    const existing = await store.item(kind, id);
    await checkBase(store, kind, existing, base);
    if (!existing && newId !== id)
      throw new ContentRefused(
        'invalid',
        'id_mismatch',
        `A new item's ${kind === 'jobs' ? 'slug' : 'id'} must be the one in the path ("${id}")`,
      );
    const at = this.now();
    const previous = existing && (await store.revision(existing.uid, existing.latestRevision));
    const item: ItemRecord = existing
      ? { ...existing, itemId: newId, latestRevision: existing.latestRevision + 1, updatedAt: at }
      : emptyItem(kind, newId, at);
    const revision: RevisionRecord = {
      uid: item.uid,
      revision: item.latestRevision,
      itemId: newId,
      body: content,
      createdAt: at,
      createdBy: actor,
      restoredFrom,
    };
    const action = restoredFrom === null ? 'save' : `restore ${restoredFrom}`;
    await store.commit({
      expected: existing ? unchanged(existing) : null,
      item,
      revision,
      audit: { actor, action, kind, itemId: newId, before: previous?.body ?? null, after: content, at },
      live: false,
    });
    return item;
  }

  /**
   * Publishes the latest revision now, or schedules it for `at` (a time in the future; a past one is
   * refused). `base` is the revision the publisher saw: a newer one refuses the publish (409), so
   * nobody publishes a revision they never read.
   */
  async publish(
    kind: ContentKind,
    id: string,
    actor: string,
    at?: string,
    base: WriteBase = 'any',
    { replaceSchedule = false }: { replaceSchedule?: boolean } = {},
  ): Promise<ItemRecord & { cancelledSchedule?: PendingSchedule }> {
    await this.deps.writeGuard?.(kind, id);
    const { store, item } = await this.find(kind, id);
    await checkBase(store, kind, item, base);
    const when = at === undefined ? undefined : new Date(at);
    if (when && when.getTime() <= this.deps.clock().getTime())
      throw new ContentRefused(
        'refused',
        'past_time',
        `${at} has already passed: choose a time in the future, or publish now. Nothing was scheduled.`,
      );
    if (when) {
      await this.publishable(store, item, item.latestRevision);
      const scheduled: ItemRecord = {
        ...item,
        state: 'scheduled',
        scheduledRevision: item.latestRevision,
        publishAt: when.toISOString(),
        updatedAt: this.now(),
      };
      await store.commit({
        expected: unchanged(item),
        item: scheduled,
        audit: this.audit(actor, 'schedule', item, scheduled),
        live: false,
      });
      return scheduled;
    }
    const cancelled = await endingSchedule(store, item, 'publish', replaceSchedule);
    const next = await this.goLive(store, item, item.latestRevision, actor, cancelled ? 'publish, cancelling the schedule' : 'publish');
    return cancelled ? { ...next, cancelledSchedule: cancelled } : next;
  }

  /**
   * Takes the item off the site: 404 (a job posting: 410, closed); its revisions stay. A pending
   * schedule is someone's plan: refused while one is, unless `cancelSchedule` (pending-schedule.ts).
   */
  async unpublish(
    kind: ContentKind,
    id: string,
    actor: string,
    base: WriteBase = 'any',
    { cancelSchedule = false }: { cancelSchedule?: boolean } = {},
  ): Promise<ItemRecord & { cancelledSchedule?: PendingSchedule }> {
    await this.deps.writeGuard?.(kind, id);
    const { store, item } = await this.find(kind, id);
    await checkBase(store, kind, item, base);
    if (item.state !== 'published' && item.state !== 'scheduled')
      throw new ContentRefused('conflict', 'not_published', `${KINDS[kind].label} is not published`);
    const cancelled = await endingSchedule(store, item, 'unpublish', cancelSchedule);
    await this.checkLive(store, item, undefined);
    const next: ItemRecord = { ...item, state: 'unpublished', scheduledRevision: null, publishAt: null, updatedAt: this.now() };
    const action = cancelled ? 'unpublish, cancelling the schedule' : 'unpublish';
    await store.commit({ expected: unchanged(item), item: next, audit: this.audit(actor, action, item, next), live: true });
    return cancelled ? { ...next, cancelledSchedule: cancelled } : next;
  }

  async revisions(kind: ContentKind, id: string): Promise<RevisionRecord[]> {
    const { store, item } = await this.find(kind, id);
    return store.revisions(item.uid);
  }

  /** Copies an old revision into a new draft. */
  async restore(kind: ContentKind, id: string, revision: number, actor: string, base: WriteBase = 'any'): Promise<ItemRecord> {
    const { store, item } = await this.find(kind, id);
    const old = await store.revision(item.uid, revision);
    if (!old) throw new ContentRefused('not_found', 'not_found', `${KINDS[kind].label} has no revision ${revision}`);
    return this.save(kind, item.itemId, old.body, actor, { restoredFrom: revision, base });
  }

  /**
   * Publishes every scheduled item whose time has come. Each is a revision-checked commit, so when
   * every instance tries at once exactly one performs it; the others' conflicts are expected. An item
   * that can no longer be published (its banner's post is gone) goes back to its state before.
   */
  async publishDue(): Promise<number> {
    const store = await this.deps.store();
    let published = 0;
    for (const item of await store.due(this.now())) {
      try {
        await this.goLive(store, item, item.scheduledRevision ?? item.latestRevision, 'scheduler', 'publish scheduled');
        published += 1;
      } catch (error) {
        // A conflict: another instance published it first. A database error: tried again next poll.
        if (!(error instanceof ContentRefused)) continue;
        const back: ItemRecord = {
          ...item,
          state: item.liveRevision === null ? 'draft' : 'published',
          scheduledRevision: null,
          publishAt: null,
          updatedAt: this.now(),
        };
        const audit = { ...this.audit('scheduler', 'schedule failed', item, back), after: { ...publicState(back), reason: error.message } };
        await store.commit({ expected: unchanged(item), item: back, audit, live: false }).catch(() => undefined);
      }
    }
    return published;
  }

  private async goLive(store: EditorialStore, item: ItemRecord, revision: number, actor: string, action: string): Promise<ItemRecord> {
    const { body, itemId } = await this.publishable(store, item, revision);
    const next: ItemRecord = {
      ...item,
      state: 'published',
      liveRevision: revision,
      liveId: itemId,
      scheduledRevision: null,
      publishAt: null,
      updatedAt: this.now(),
    };
    const renamed = item.liveId !== null && item.liveId !== itemId && KINDS[item.kind].paths(itemId).length > 0;
    const change: ContentChange = {
      expected: unchanged(item),
      item: next,
      audit: { ...this.audit(actor, action, item, next), before: await this.liveBody(store, item), after: body },
      live: true,
      ...(renamed ? { redirect: { from: item.liveId!, to: itemId } } : {}),
    };
    await store.commit(change);
    return next;
  }

  private async liveBody(store: EditorialStore, item: ItemRecord): Promise<unknown> {
    return item.liveRevision === null ? null : ((await store.revision(item.uid, item.liveRevision))?.body ?? null);
  }

  /** The revision, checked again with today's schema and against the rest of the live content. */
  private async publishable(store: EditorialStore, item: ItemRecord, revision: number): Promise<{ body: object; itemId: string }> {
    const found = await store.revision(item.uid, revision);
    if (!found) throw new ContentRefused('not_found', 'not_found', `${KINDS[item.kind].label} has no revision ${revision}`);
    const body = checkedItem(item.kind, found.body, true);
    // Going live under a new id, its old address will answer 301 to it (see goLive).
    const renamed = item.liveId !== null && item.liveId !== found.itemId ? [{ kind: item.kind, from: item.liveId, to: found.itemId }] : [];
    await this.checkLive(store, item, body, renamed);
    return { body, itemId: found.itemId };
  }

  /** The live content with `item` replaced by `body` (or removed) must still hold together. */
  private async checkLive(
    store: EditorialStore,
    item: ItemRecord,
    body: object | undefined,
    renamed: ContentRedirect[] = [],
  ): Promise<void> {
    const others = (await store.liveItems()).filter((live) => live.uid !== item.uid && live.state !== 'unpublished');
    const items = itemsOf(body ? [...others, { kind: item.kind, body }] : others);
    try {
      checkReferences(items, this.deps.imagesDir, (where, id) => (where === 'banners' ? 'banners' : `${where}/${id}`), this.deps.uploaded);
      checkBannerLinks(items, [...renamed, ...(await store.redirects())]);
    } catch (error) {
      if (error instanceof ContentError) throw new ContentRefused('conflict', 'content_refused', error.message);
      throw error;
    }
  }

  private audit(actor: string, action: string, before: ItemRecord, after: ItemRecord) {
    return {
      actor,
      action,
      kind: before.kind,
      itemId: after.itemId,
      before: publicState(before),
      after: publicState(after),
      at: this.now(),
    };
  }
}

export function emptyItem(kind: ContentKind, itemId: string, at: string, state: ContentState = 'draft'): ItemRecord {
  return {
    uid: crypto.randomUUID(),
    kind,
    itemId,
    state,
    latestRevision: 1,
    liveRevision: null,
    liveId: null,
    scheduledRevision: null,
    publishAt: null,
    updatedAt: at,
  };
}
