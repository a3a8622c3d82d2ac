/** The editorial store on PostgreSQL (DATABASE_URL): every api instance on the database shares it. */
import type pg from 'pg';
import { inTransaction } from '../platform/db-connections';
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

const UNIQUE_VIOLATION = '23505';

async function apply(client: pg.PoolClient, change: ContentChange, added: ContentCommitStatements): Promise<void> {
  for (const { sql, params, conflict } of changeStatements(change, added)) {
    const { rowCount } = await client.query(sql, params);
    if (conflict && rowCount !== 1) throw new ContentConflict(conflict);
  }
}

/** On the process's pool, which its owner ends. */
export function postgresEditorialStore(pool: pg.Pool, added: ContentCommitStatements = NO_STATEMENTS): EditorialStore {
  const all = async <T extends pg.QueryResultRow>(sql: string, ...params: unknown[]) => (await pool.query<T>(sql, params)).rows;
  const inTx = async <T>(change: ContentChange | undefined, work: (client: pg.PoolClient) => Promise<T>) => {
    try {
      return await inTransaction(pool, work);
    } catch (error) {
      if (change && (error as { code?: string }).code === UNIQUE_VIOLATION) throw conflictOfUnique(change);
      throw error;
    }
  };
  return {
    kind: 'postgres',
    async liveRevision() {
      return Number((await all<{ value: string }>(CONTENT_SQL.liveRevision))[0]?.value ?? 0);
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
      await inTx(change, (client) => apply(client, change, added));
    },
    async seed(changes) {
      // The claim's row lock makes a second seeder wait for the first to commit, then find it done.
      return inTx(changes[0], async (client) => {
        if ((await client.query(CLAIM_SEED)).rowCount !== 1) return false;
        for (const change of changes) await apply(client, change, added);
        return true;
      });
    },
    async audit(uid) {
      return (await all<AuditRow>(CONTENT_SQL.audit, uid)).map(auditFromRow);
    },
    async revisionBodiesContaining(text) {
      return (await all<{ body: string }>(CONTENT_SQL.revisionBodiesLike, containingPattern(text))).map((row) => row.body);
    },
    async close() {
      // The pool is its owner's to end.
    },
  };
}
