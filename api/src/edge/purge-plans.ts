/**
 * What each change purges, worked out in the change's own transaction (the registry store's commit,
 * the editorial store's), so every move made through a store purges, whoever makes it: a release, a
 * promotion, a rollback, a canary's start, step or end, the guard, a scheduled promotion, a publish,
 * an unpublish, a scheduled publish, a banner.
 *
 * `hard` tags are invalidated at once; `soft` ones are marked stale, so a cache serves the old copy
 * while it fetches the new one in the background (stale-while-revalidate: no visitor waits).
 */
import type { ServedBefore } from '../releases/commit-statements';
import type { RegistryChange } from '../releases/registry-store';
import type { ContentKind } from '@cardlift/contracts';
import type { ContentChange } from '../content/editorial-store';
import { BANNERS_TAG, contentTag, listTag, NOT_FOUND_TAG, remoteTag, sectionTag, uniqueTags } from './edge-tags';

export interface PurgePlan {
  hard: string[];
  soft: string[];
  /** What changed, for the logs (`release mf-company 1.2.0`). */
  reason: string;
}

/**
 * A registry move of remote R. Its pages (`section-R`) and every 404 are purged at once. Every other
 * page pins R in the registry snapshot it inlines (one snapshot per page view): a plain forward move
 * marks those stale only, since the build they name stays served for the skew window; a rollback, or
 * any move while a canary runs (sides are cache objects of their own, keyed on the side cookie), purges
 * them at once, so no visitor entering through a cached page reaches the build taken away.
 */
export function registryPurge(before: ServedBefore, change: RegistryChange): PurgePlan | undefined {
  if (change.current === undefined) return undefined;
  const canaryAfter = change.canary === undefined ? before.canaryVersion : (change.canary?.version ?? null);
  const rollback = change.events.some((event) => event.action === 'rollback');
  const gentle = !rollback && before.canaryVersion === null && canaryAfter === null;
  const pinned = [remoteTag(change.remote)];
  const action = change.events.at(-1)?.action ?? 'move';
  return {
    hard: uniqueTags([sectionTag(change.remote), NOT_FOUND_TAG, ...(gentle ? [] : pinned)]),
    soft: gentle ? pinned : [],
    reason: `${action} ${change.remote} ${canaryAfter ?? change.current}`,
  };
}

/**
 * A change visitors see of one content item: its page under every id it had, its lists (and the
 * sitemap), and every 404 (a new item's path was one). The seed changes nothing anyone was served.
 */
export function contentPurge(change: ContentChange): PurgePlan | undefined {
  if (!change.live || change.audit.actor === 'seed') return undefined;
  const { kind, itemId, liveId } = change.item;
  if (kind === 'banners') return { hard: [BANNERS_TAG], soft: [], reason: `${change.audit.action} banners` };
  const ids = new Set([itemId, ...(liveId ? [liveId] : []), ...(change.redirect ? [change.redirect.from, change.redirect.to] : [])]);
  return {
    hard: uniqueTags([...[...ids].map((id) => contentTag(kind, id)), listTag(kind), NOT_FOUND_TAG]),
    soft: [],
    reason: `${change.audit.action} ${kind}/${itemId}`,
  };
}

/**
 * An experiment starting, stopping or switching an arm off changes what its item's pages show (every
 * page for the banner): purged at once, so no visitor keeps a copy from before the change, and the
 * first answer for a visitor without a label goes to the api, which assigns them.
 */
export function experimentPurge(experiment: { id: string; kind: ContentKind; itemId: string }, action: string): PurgePlan {
  return { hard: [contentTag(experiment.kind, experiment.itemId)], soft: [], reason: `experiment ${action} ${experiment.id}` };
}
