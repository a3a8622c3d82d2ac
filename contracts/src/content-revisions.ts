/**
 * What a write of content is based on, and how two revisions differ. Every write of the content API
 * names the revision it was made from as `If-Match: "r<revision>"` (the item's ETag, which a GET
 * answers): a newer revision refuses it (409) instead of silently overwriting it. The same field-by-
 * field difference is the 409's list of fields, the editor's conflict screen and its restore preview.
 * Zod-free, for the editor and the api alike.
 */
import type { ContentKind } from './schemas/content';

/** The ETag of an item whose latest revision is `revision`. */
export const revisionEtag = (revision: number) => `"r${revision}"`;

/** `If-Match: *`: overwrite whatever is there (a publisher's token only). */
export const ANY_REVISION = '*';

/**
 * What an If-Match header names: `'any'` for `*`, the revision of its one strong entity tag, or why
 * it cannot be a write's base. A list ("r1", "r2") or a weak tag (W/"r1") is refused rather than read:
 * a write names the one revision it was made from, and a list covering the latest would overwrite it
 * as `*` does. Undefined when the header is missing.
 */
export function revisionOfIfMatch(header: string | undefined): 'any' | number | IfMatchProblem | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (value === ANY_REVISION) return 'any';
  if (value.includes(',')) return 'list';
  if (value.startsWith('W/')) return 'weak';
  const tag = /^"r(\d{1,9})"$/.exec(value);
  return tag ? Number(tag[1]) : 'malformed';
}

export type IfMatchProblem = 'list' | 'weak' | 'malformed';

export interface FieldChange {
  /** `title`, `content.sections.1.title`: the api's issue paths. */
  path: string;
  before: unknown;
  after: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every leaf that differs between `before` and `after`, in the order of their fields. A list whose
 * length changed is one change of the whole list (its entries moved, so comparing them by position
 * would name every one); an added or removed field is a change from or to undefined.
 */
export function contentChanges(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => contentChanges(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    return before.flatMap((entry, i) => contentChanges(entry, after[i], path ? `${path}.${i}` : String(i)));
  }
  return sameValue(before, after) ? [] : [{ path: path || '(root)', before, after }];
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The value at a dotted path (`content.sections.1.title`), undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  if (path === '(root)') return value;
  return path.split('.').reduce<unknown>((node, key) => (isObject(node) || Array.isArray(node) ? (node as never)[key] : undefined), value);
}

/** A copy of `value` with the value at `path` replaced (undefined removes the field). */
export function withValueAt(value: unknown, path: string, next: unknown): unknown {
  if (path === '(root)' || path === '') return next;
  const [key, ...rest] = path.split('.') as [string, ...string[]];
  const node = Array.isArray(value) ? [...value] : isObject(value) ? { ...value } : /^\d+$/.test(key) ? [] : {};
  const child = withValueAt((node as Record<string, unknown>)[key], rest.join('.'), next);
  if (child === undefined && !Array.isArray(node)) delete (node as Record<string, unknown>)[key];
  else (node as Record<string, unknown>)[key] = child;
  return node;
}

/**
 * Three-way merge for "take theirs and reapply mine": the newer revision (`theirs`) with every
 * change the person made since `base` applied on top. Where both changed a field, theirs is replaced
 * by the person's own value, which they see on the conflict screen before saving.
 */
export function reapply(base: unknown, mine: unknown, theirs: unknown): unknown {
  return contentChanges(base, mine).reduce((merged, change) => withValueAt(merged, change.path, change.after), theirs);
}

/** The public page of an item (its first path), for confirmations and links; banners show on every page. */
export function contentPagePath(kind: ContentKind, id: string): string {
  switch (kind) {
    case 'casestudies':
      return `/case-studies/${id}`;
    case 'blog':
      return `/blog/${id}`;
    case 'jobs':
      return `/company/careers/${id}`;
    default:
      return '/';
  }
}
