/**
 * Content as data: every item (case study, blog post, job posting, the banners) with its editorial
 * state, every revision, the old paths of renamed items and an audit of every action, in the database
 * the leads use. Two implementations with one behaviour (one test suite runs against both): SQLite
 * and PostgreSQL. They share the statements below (written with `$n` placeholders) and differ only in
 * how they run them in one transaction.
 *
 * Changes use optimistic concurrency, like the registry: the service reads an item, works out its next
 * state, and the change commits only if the item is still as read. Of two racing changes one wins and
 * the other changes nothing (ContentConflict). A scheduled publish is such a change too, so of every
 * instance that finds it due exactly one performs it.
 */
import type { ContentKind, ContentState } from '@cardlift/contracts';
import { Conflict } from '../platform/errors';
import type { Statement as AddedStatement } from '../platform/sql-runner';

export interface ItemRecord {
  /** Stable identity: the id in the URL may change, this never does. */
  uid: string;
  kind: ContentKind;
  /** The id (a job's slug) of the latest revision: what the content API addresses the item by. */
  itemId: string;
  state: ContentState;
  latestRevision: number;
  /** What visitors see, and under which id; null when nothing is public. */
  liveRevision: number | null;
  liveId: string | null;
  scheduledRevision: number | null;
  publishAt: string | null;
  updatedAt: string;
}

export interface RevisionRecord {
  uid: string;
  revision: number;
  itemId: string;
  body: unknown;
  createdAt: string;
  createdBy: string;
  restoredFrom: number | null;
}

export interface AuditEntry {
  /** A content token's name, `cli`, `seed` or `scheduler`. */
  actor: string;
  action: string;
  kind: ContentKind;
  itemId: string;
  before: unknown;
  after: unknown;
  at: string;
}

export interface ContentChange {
  /** The item as read before the change was prepared; null creates it. */
  expected: { latestRevision: number; state: ContentState } | null;
  item: ItemRecord;
  revision?: RevisionRecord;
  /** A published item's id changed: its old path answers 301 with the new one. */
  redirect?: { from: string; to: string };
  audit: AuditEntry;
  /** What visitors see changes: bumps the counter every instance polls. */
  live: boolean;
}

/** An item's last live revision: public unless its state is unpublished (a job then answers closed). */
export interface LiveItem {
  uid: string;
  kind: ContentKind;
  state: ContentState;
  body: unknown;
}

export interface ContentRedirect {
  kind: ContentKind;
  from: string;
  to: string;
}

/** Another change of the item committed first, or its id is taken; nothing was written. */
export class ContentConflict extends Conflict {
  constructor(message: string) {
    super('conflict', message);
  }
}

/** A unique index refused the write: the id is another item's (latest or live). */
export function conflictOfUnique(change: ContentChange): ContentConflict {
  return new ContentConflict(`${change.item.kind}/${change.item.itemId}: the id is another item's; nothing was written`);
}

export interface EditorialStore {
  kind: 'sqlite' | 'postgres';
  /** Goes up by one with every change of what visitors see: what each instance polls. */
  liveRevision(): Promise<number>;
  /** The last live revision of every item that was ever published. */
  liveItems(): Promise<LiveItem[]>;
  redirects(): Promise<ContentRedirect[]>;
  /** The item whose latest id, or else whose live id, is `id`. */
  item(kind: ContentKind, id: string): Promise<ItemRecord | undefined>;
  items(kind: ContentKind): Promise<ItemRecord[]>;
  revisions(uid: string): Promise<RevisionRecord[]>;
  revision(uid: string, revision: number): Promise<RevisionRecord | undefined>;
  /** Scheduled items whose time has come. */
  due(now: string): Promise<ItemRecord[]>;
  /** Applies a change in one transaction, or throws ContentConflict and applies nothing. */
  commit(change: ContentChange): Promise<void>;
  /** Applies the changes once in the database's life: false when it was seeded before (by anyone). */
  seed(changes: ContentChange[]): Promise<boolean>;
  audit(uid: string): Promise<AuditEntry[]>;
  /** The body (as stored, JSON) of every revision of any item, latest or not, whose text contains `text`. */
  revisionBodiesContaining(text: string): Promise<string[]>;
  close(): Promise<void>;
}

/** The LIKE pattern matching text that contains `text` (its wildcards escaped with a backslash). */
export const containingPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One statement of a change; `conflict` when it must touch exactly one row. */
export interface Statement {
  sql: string;
  params: unknown[];
  conflict?: string;
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * The content's extension point for writes: the rows of its own tables a dependent module adds to
 * every change, run in the change's own transaction so they stand or fall with it.
 */
export type ContentCommitStatements = (change: ContentChange) => readonly AddedStatement[];

export const NO_STATEMENTS: ContentCommitStatements = () => [];

/** The statements that apply a change, in order: the same for both databases; then what dependents add. */
export function changeStatements(change: ContentChange, added: ContentCommitStatements = NO_STATEMENTS): Statement[] {
  const i = change.item;
  const row = [i.uid, i.kind, i.itemId, i.state, i.latestRevision, i.liveRevision, i.liveId, i.scheduledRevision, i.publishAt, i.updatedAt];
  const out: Statement[] = [];
  if (change.expected === null) {
    out.push({
      sql: `INSERT INTO content_items (uid, kind, item_id, state, latest_revision, live_revision, live_id, scheduled_revision, publish_at, updated_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      params: row,
    });
  } else {
    out.push({
      sql: `UPDATE content_items SET kind = $2, item_id = $3, state = $4, latest_revision = $5, live_revision = $6, live_id = $7,
              scheduled_revision = $8, publish_at = $9, updated_at = $10
            WHERE uid = $1 AND latest_revision = $11 AND state = $12`,
      params: [...row, change.expected.latestRevision, change.expected.state],
      conflict: `${i.kind}/${i.itemId} was changed at the same moment; nothing was written, try again`,
    });
  }
  const r = change.revision;
  if (r) {
    out.push({
      sql: `INSERT INTO content_revisions (uid, revision, item_id, body, created_at, created_by, restored_from) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      params: [r.uid, r.revision, r.itemId, JSON.stringify(r.body), r.createdAt, r.createdBy, r.restoredFrom],
    });
  }
  // A path that is live again is no longer redirected; one renamed again points straight at the newest.
  if (change.live && i.liveId !== null) {
    out.push({ sql: 'DELETE FROM content_redirects WHERE kind = $1 AND old_id = $2', params: [i.kind, i.liveId] });
  }
  if (change.redirect) {
    const { from, to } = change.redirect;
    out.push({ sql: 'UPDATE content_redirects SET new_id = $3 WHERE kind = $1 AND new_id = $2', params: [i.kind, from, to] });
    out.push({ sql: 'DELETE FROM content_redirects WHERE kind = $1 AND old_id = $2', params: [i.kind, from] });
    out.push({
      sql: 'INSERT INTO content_redirects (kind, old_id, new_id, created_at) VALUES ($1, $2, $3, $4)',
      params: [i.kind, from, to, change.audit.at],
    });
  }
  const a = change.audit;
  out.push({
    sql: 'INSERT INTO content_audit (uid, actor, action, kind, item_id, before, after, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    params: [i.uid, a.actor, a.action, a.kind, a.itemId, json(a.before), json(a.after), a.at],
  });
  if (change.live) out.push({ sql: BUMP_LIVE_REVISION, params: [] });
  for (const { sql, params } of added(change)) out.push({ sql, params });
  return out;
}

const BUMP_LIVE_REVISION = "UPDATE content_counters SET value = value + 1 WHERE name = 'live_revision'";
/** Touches one row only for the first caller: the row lock makes concurrent seeders wait, then find it done. */
export const CLAIM_SEED = "UPDATE content_counters SET value = 1 WHERE name = 'seeded' AND value = 0";

/** The reads, with `$n` placeholders. */
export const CONTENT_SQL = {
  liveRevision: "SELECT value FROM content_counters WHERE name = 'live_revision'",
  liveItems: `SELECT i.uid, i.kind, i.state, r.body FROM content_items i JOIN content_revisions r ON r.uid = i.uid AND r.revision = i.live_revision
              WHERE i.live_revision IS NOT NULL ORDER BY i.kind, i.live_id`,
  redirects: 'SELECT kind, old_id, new_id FROM content_redirects',
  item: `SELECT * FROM content_items WHERE kind = $1 AND (item_id = $2 OR live_id = $2) ORDER BY CASE WHEN item_id = $2 THEN 0 ELSE 1 END LIMIT 1`,
  items: 'SELECT * FROM content_items WHERE kind = $1 ORDER BY item_id',
  revisions: 'SELECT * FROM content_revisions WHERE uid = $1 ORDER BY revision',
  revision: 'SELECT * FROM content_revisions WHERE uid = $1 AND revision = $2',
  due: "SELECT * FROM content_items WHERE state = 'scheduled' AND publish_at <= $1 ORDER BY publish_at",
  audit: 'SELECT * FROM content_audit WHERE uid = $1 ORDER BY id',
  revisionBodiesLike: "SELECT body FROM content_revisions WHERE body LIKE $1 ESCAPE '\\'",
} as const;

export interface ItemRow {
  uid: string;
  kind: string;
  item_id: string;
  state: string;
  latest_revision: number;
  live_revision: number | null;
  live_id: string | null;
  scheduled_revision: number | null;
  publish_at: string | null;
  updated_at: string;
}

export interface RevisionRow {
  uid: string;
  revision: number;
  item_id: string;
  body: string;
  created_at: string;
  created_by: string;
  restored_from: number | null;
}

export interface AuditRow {
  actor: string;
  action: string;
  kind: string;
  item_id: string;
  before: string | null;
  after: string | null;
  at: string;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

export function itemFromRow(row: ItemRow): ItemRecord {
  return {
    uid: row.uid,
    kind: row.kind as ContentKind,
    itemId: row.item_id,
    state: row.state as ContentState,
    latestRevision: Number(row.latest_revision),
    liveRevision: num(row.live_revision),
    liveId: row.live_id,
    scheduledRevision: num(row.scheduled_revision),
    publishAt: row.publish_at,
    updatedAt: row.updated_at,
  };
}

export function revisionFromRow(row: RevisionRow): RevisionRecord {
  return {
    uid: row.uid,
    revision: Number(row.revision),
    itemId: row.item_id,
    body: JSON.parse(row.body),
    createdAt: row.created_at,
    createdBy: row.created_by,
    restoredFrom: num(row.restored_from),
  };
}

export function auditFromRow(row: AuditRow): AuditEntry {
  return {
    actor: row.actor,
    action: row.action,
    kind: row.kind as ContentKind,
    itemId: row.item_id,
    before: parsed(row.before),
    after: parsed(row.after),
    at: row.at,
  };
}

export interface LiveRow {
  uid: string;
  kind: string;
  state: string;
  body: string;
}

export const liveItemFromRow = (row: LiveRow): LiveItem => ({
  uid: row.uid,
  kind: row.kind as ContentKind,
  state: row.state as ContentState,
  body: JSON.parse(row.body),
});
export const redirectFromRow = (row: { kind: string; old_id: string; new_id: string }): ContentRedirect => ({
  kind: row.kind as ContentKind,
  from: row.old_id,
  to: row.new_id,
});
