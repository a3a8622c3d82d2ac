/** The editorial store on either database (platform/sql-runner.ts): its SQL (editorial-store.ts) is written once. */
import type { SqlRunner } from '../platform/sql-runner';
import { changes, type Steps } from '../platform/sql-steps';
import {
  auditFromRow,
  changeStatements,
  NO_STATEMENTS,
  type ContentCommitStatements,
  CLAIM_SEED,
  conflictOfUnique,
  containingPattern,
  ContentConflict,
  CONTENT_SQL,
  itemFromRow,
  liveItemFromRow,
  redirectFromRow,
  revisionFromRow,
  type AuditRow,
  type ContentChange,
  type EditorialStore,
  type ItemRow,
  type LiveRow,
  type RevisionRow,
} from './editorial-store';

/** On `runner`'s database, which its owner closes; `added` runs in every change. */
export function editorialStoreOnRunner(runner: SqlRunner, added: ContentCommitStatements = NO_STATEMENTS): EditorialStore {
  const all = <T>(sql: string, ...params: unknown[]) => runner.query<T>(sql, params);
  /** A change's statements, in the caller's transaction; a unique index refusing one is the id's conflict. */
  function* apply(change: ContentChange): Steps<void> {
    for (const { sql, params, conflict } of changeStatements(change, added)) {
      let changed: number;
      try {
        changed = yield* changes(sql, params);
      } catch (error) {
        if (runner.isUniqueViolation(error)) throw conflictOfUnique(change);
        throw error;
      }
      if (conflict && changed !== 1) throw new ContentConflict(conflict);
    }
  }
  return {
    kind: runner.kind,
    async liveRevision() {
      return Number((await all<{ value: number | string }>(CONTENT_SQL.liveRevision))[0]?.value ?? 0);
    },
    async liveItems() {
      return (await all<LiveRow>(CONTENT_SQL.liveItems)).map(liveItemFromRow);
    },
    async redirects() {
      return (await all<{ kind: string; old_id: string; new_id: string }>(CONTENT_SQL.redirects)).map(redirectFromRow);
    },
    async item(kind, id) {
      const row = (await all<ItemRow>(CONTENT_SQL.item, kind, id))[0];
      return row && itemFromRow(row);
    },
    async items(kind) {
      return (await all<ItemRow>(CONTENT_SQL.items, kind)).map(itemFromRow);
    },
    async revisions(uid) {
      return (await all<RevisionRow>(CONTENT_SQL.revisions, uid)).map(revisionFromRow);
    },
    async revision(uid, revision) {
      const row = (await all<RevisionRow>(CONTENT_SQL.revision, uid, revision))[0];
      return row && revisionFromRow(row);
    },
    async due(now) {
      return (await all<ItemRow>(CONTENT_SQL.due, now)).map(itemFromRow);
    },
    async commit(change) {
      // SQLite's IMMEDIATE takes the write lock first, so the checks and the writes see the same state.
      await runner.steps(() => apply(change));
    },
    seed: (list) =>
      // The claim's row lock (PostgreSQL) or the write lock (SQLite) makes a second seeder wait for the
      // first to commit, then find it done.
      runner.steps(function* () {
        if ((yield* changes(CLAIM_SEED)) !== 1) return false;
        for (const change of list) yield* apply(change);
        return true;
      }),
    async audit(uid) {
      return (await all<AuditRow>(CONTENT_SQL.audit, uid)).map(auditFromRow);
    },
    async revisionBodiesContaining(text) {
      return (await all<{ body: string }>(CONTENT_SQL.revisionBodiesLike, containingPattern(text))).map((row) => row.body);
    },
    async close() {
      // The database is its owner's to close.
    },
  };
}
