/**
 * A scheduled publish is someone's promise ("revision 2 goes live at 10:27"): publishing now or
 * unpublishing ends it, so neither does so silently. Either is refused (409 `schedule_pending`,
 * naming the revision, who set it and when it is due) unless the request says to replace or cancel
 * it; the answer then names the schedule it cancelled, and the audit keeps it.
 */
import type { ContentActionSummary, ContentItemState, ContentKind, PendingSchedule } from '@cardlift/contracts';
import { KINDS } from './content-kinds';
import { ContentRefused } from './content-refused';
import type { EditorialStore, ItemRecord } from './editorial-store';
import type { ContentService } from './content-service';

/** The item's pending schedule, with who set it and when (from its audit); null when none is. */
export async function pendingSchedule(store: EditorialStore, item: ItemRecord): Promise<PendingSchedule | null> {
  if (item.scheduledRevision === null || item.publishAt === null) return null;
  const set = (await store.audit(item.uid)).findLast((entry) => entry.action === 'schedule');
  return { revision: item.scheduledRevision, publishAt: item.publishAt, scheduledBy: set?.actor ?? null, scheduledAt: set?.at ?? null };
}

/** The item's last action on what visitors see (a publish, a schedule, an unpublish), or null. */
export async function lastAction(store: EditorialStore, item: ItemRecord): Promise<ContentActionSummary | null> {
  const entry = (await store.audit(item.uid)).findLast((e) => e.action !== 'save' && !e.action.startsWith('restore'));
  return entry ? { actor: entry.actor, action: entry.action, at: entry.at } : null;
}

/**
 * Refuses `doing` ("publishing now", "unpublishing") while a schedule is pending, unless `override`
 * says to end it: then answers the schedule it ends (null when none was pending).
 */
export async function endingSchedule(
  store: EditorialStore,
  item: ItemRecord,
  doing: 'publish' | 'unpublish',
  override: boolean,
): Promise<PendingSchedule | null> {
  const pending = await pendingSchedule(store, item);
  if (!pending || override) return pending;
  const who = pending.scheduledBy ?? 'someone';
  const flag = doing === 'publish' ? 'replaceSchedule' : 'cancelSchedule';
  const what = doing === 'publish' ? 'Publishing now' : 'Unpublishing';
  throw new ContentRefused(
    'conflict',
    'schedule_pending',
    `${who} scheduled revision ${pending.revision} of this ${KINDS[item.kind].label.toLowerCase()} to go live at ${pending.publishAt}` +
      `${pending.scheduledAt ? ` (set at ${pending.scheduledAt})` : ''}. ${what} would cancel that schedule: send {"${flag}": true} to do it anyway. Nothing was changed.`,
    undefined,
    { schedule: pending },
  );
}

/** Where the item stands now, for an open item screen (the presence call); null when there is no such item. */
export async function itemState(service: ContentService, kind: ContentKind, id: string): Promise<ContentItemState | null> {
  const store = await service.store();
  const item = await store.item(kind, id);
  if (!item) return null;
  return {
    state: item.state,
    latestRevision: item.latestRevision,
    liveRevision: item.state === 'unpublished' ? null : item.liveRevision,
    scheduledRevision: item.scheduledRevision,
    publishAt: item.publishAt,
    scheduledBy: (await pendingSchedule(store, item))?.scheduledBy ?? null,
    lastAction: await lastAction(store, item),
  };
}
