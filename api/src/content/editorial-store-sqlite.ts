/** The editorial store in the embedded SQLite file, on the one shared connection of this process. */
import type Database from 'better-sqlite3';
import { bindPositional, preparedStatements, whileBusy } from '../platform/db-connections';
import {
  auditFromRow,
  changeStatements,
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
  type ContentCommitStatements,
  NO_STATEMENTS,
  type EditorialStore,
  type ItemRow,
  type LiveRow,
  type RevisionRow,
} from './editorial-store';

const bind = bindPositional;

/** On the process's one SQLite connection, which its owner closes. */
export function sqliteEditorialStore(db: Database.Database, added: ContentCommitStatements = NO_STATEMENTS): EditorialStore {
  const prepared = preparedStatements(db);
  const all = <T>(sql: string, ...params: unknown[]) => prepared(sql).all(bind(params)) as T[];

  const apply = (change: ContentChange) => {
    for (const { sql, params, conflict } of changeStatements(change, added)) {
      try {
        const { changes } = prepared(sql).run(bind(params));
        if (conflict && changes !== 1) throw new ContentConflict(conflict);
      } catch (error) {
        if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw conflictOfUnique(change);
        throw error;
      }
    }
  };
  const commit = db.transaction(apply);
  const seed = db.transaction((changes: ContentChange[]) => {
    if (prepared(CLAIM_SEED).run().changes !== 1) return false;
    changes.forEach(apply);
    return true;
  });

  return {
    kind: 'sqlite',
    async liveRevision() {
      return Number(prepared(CONTENT_SQL.liveRevision).pluck().get() ?? 0);
    },
    async liveItems() {
      return all<LiveRow>(CONTENT_SQL.liveItems).map(liveItemFromRow);
    },
    async redirects() {
      return all<{ kind: string; old_id: string; new_id: string }>(CONTENT_SQL.redirects).map(redirectFromRow);
    },
    async item(kind, id) {
      const row = all<ItemRow>(CONTENT_SQL.item, kind, id)[0];
      return row && itemFromRow(row);
    },
    async items(kind) {
      return all<ItemRow>(CONTENT_SQL.items, kind).map(itemFromRow);
    },
    async revisions(uid) {
      return all<RevisionRow>(CONTENT_SQL.revisions, uid).map(revisionFromRow);
    },
    async revision(uid, revision) {
      const row = all<RevisionRow>(CONTENT_SQL.revision, uid, revision)[0];
      return row && revisionFromRow(row);
    },
    async due(now) {
      return all<ItemRow>(CONTENT_SQL.due, now).map(itemFromRow);
    },
    async commit(change) {
      // IMMEDIATE takes the write lock first, so the checks and the writes see the same state.
      await whileBusy(() => commit.immediate(change));
    },
    async seed(changes) {
      return whileBusy(() => seed.immediate(changes));
    },
    async audit(uid) {
      return all<AuditRow>(CONTENT_SQL.audit, uid).map(auditFromRow);
    },
    async revisionBodiesContaining(text) {
      return all<{ body: string }>(CONTENT_SQL.revisionBodiesLike, containingPattern(text)).map((row) => row.body);
    },
    async close() {
      // The connection is its owner's to close.
    },
  };
}
