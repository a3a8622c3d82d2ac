/**
 * No silent overwrite: every write of the content API names the revision it was based on, as
 * `If-Match: "r<revision>"` (the item's ETag, which GET answers). A write based on an older revision
 * than the latest is refused with 409, naming who saved the newer one, when, and which fields differ;
 * nothing is written. A new item is created with `If-None-Match: *` (it must not exist yet).
 *
 * A write naming no revision is refused with 428 and a message naming the header, so a script cannot
 * overwrite by accident. `If-Match: *` ("overwrite whatever is there") is for a publisher's token only:
 * a person in the editor always writes from a revision they saw.
 */
import type { Context } from 'koa';
import { contentChanges, revisionEtag, revisionOfIfMatch, type ContentKind } from '@cardlift/contracts';
import { AppError } from '../platform/errors';
import type { ContentCaller } from './content-auth';
import { KINDS } from './content-kinds';
import { ContentRefused } from './content-refused';
import type { EditorialStore, ItemRecord } from './editorial-store';

/** What a write is based on: a revision the caller saw, nothing (a new item), or anything (`*`). */
export type WriteBase = { revision: number } | 'new' | 'any';

const MISSING =
  'This write names no revision: send If-Match: "r<revision>" with the ETag a GET of the item answered ' +
  '(If-None-Match: * to create a new item). A publisher token may send If-Match: * to overwrite whatever is there.';

/** Why a header that names something is still no base: the one revision a write was made from is needed. */
const NOT_ONE_TAG = {
  list: 'If-Match names several revisions: a write names the one it was made from, as If-Match: "r<revision>".',
  weak: 'If-Match names a weak tag (W/"..."): a write names the revision it was made from as one strong tag, If-Match: "r<revision>".',
  malformed: 'If-Match names no revision of this API: send the ETag a GET of the item answered, as If-Match: "r<revision>".',
} as const;

/** The base the request names, or 428 (none, several, weak, or `*` from anyone but a publisher's token). */
export function writeBase(ctx: Context, caller: ContentCaller, creating: boolean): WriteBase {
  const named = revisionOfIfMatch(ctx.get('If-Match') || undefined);
  if (named === 'any') {
    if (caller.via === 'token' && caller.role === 'publisher') return 'any';
    throw new AppError(428, 'precondition_required', `If-Match: * (overwrite whatever is there) is for a publisher token only. ${MISSING}`);
  }
  if (typeof named === 'number') return { revision: named };
  if (named) throw new AppError(428, 'precondition_required', `${NOT_ONE_TAG[named]} Nothing was written.`);
  if (creating && ctx.get('If-None-Match').trim() === '*') return 'new';
  throw new AppError(428, 'precondition_required', MISSING);
}

/** Sets the item's ETag on the answer: the revision the next write must name. */
export function answerEtag(ctx: Context, item: { latestRevision: number }): void {
  ctx.set('ETag', revisionEtag(item.latestRevision));
}

const formatList = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/**
 * Refuses a write whose base is not the item as it stands: 409 `stale` naming who saved since,
 * when, and which fields differ from the revision the caller saw; 409 `exists` for a create of an id
 * that is taken. Answers nothing when the write may go on.
 */
export async function checkBase(store: EditorialStore, kind: ContentKind, item: ItemRecord | undefined, base: WriteBase): Promise<void> {
  if (base === 'any') return;
  const label = KINDS[kind].label;
  if (base === 'new') {
    if (!item) return;
    const latest = await store.revision(item.uid, item.latestRevision);
    throw new ContentRefused(
      'conflict',
      'exists',
      `A ${label.toLowerCase()} "${item.itemId}" already exists (saved by ${latest?.createdBy ?? 'someone'} at ${latest?.createdAt ?? item.updatedAt}): open it, or choose another id. Nothing was written.`,
      undefined,
      { latestRevision: item.latestRevision, changedBy: latest?.createdBy ?? null, changedAt: latest?.createdAt ?? item.updatedAt },
    );
  }
  if (!item) throw new ContentRefused('not_found', 'not_found', `${label} not found`);
  if (base.revision === item.latestRevision) return;
  throw await staleRefusal(store, item, base.revision);
}

async function staleRefusal(store: EditorialStore, item: ItemRecord, seen: number): Promise<ContentRefused> {
  const revisions = await store.revisions(item.uid);
  const since = revisions.filter((r) => r.revision > seen);
  const latest = revisions.at(-1)!;
  const base = revisions.find((r) => r.revision === seen);
  const fields = base ? contentChanges(base.body, latest.body).map((change) => change.path) : [];
  const people = [...new Set(since.map((r) => r.createdBy))];
  const differ = fields.length ? `${formatList(fields)} ${fields.length === 1 ? 'differs' : 'differ'}` : 'no field differs';
  const message = base
    ? `${formatList(people)} saved revision ${latest.revision} at ${latest.createdAt}, after revision ${seen} this write was based on (${differ}). Nothing was written: compare, then save again.`
    : `This write was based on revision ${seen}, which does not exist: the latest is ${latest.revision}, saved by ${latest.createdBy} at ${latest.createdAt}. Nothing was written.`;
  return new ContentRefused('conflict', 'stale', message, undefined, {
    baseRevision: seen,
    latestRevision: latest.revision,
    changedBy: people.length ? people : [latest.createdBy],
    changedAt: latest.createdAt,
    fields,
  });
}
