/** The aggregates in the SQLite file the leads use (the process's one shared connection). */
import { bindPositional, openSqliteDatabase, preparedStatements, whileBusy } from '../platform/db-connections';
import {
  OUTBOX_BACKLOG_SQL,
  ROUTE_TOTALS_SQL,
  RUM_COLUMNS,
  RUM_KEY,
  rowValues,
  type RumRouteTotal,
  type RumRow,
  type RumSlotTotal,
  type RumStore,
  type RumTotal,
} from './rum-store';

export function openSqliteRumStore(dataDir: string): RumStore {
  const handle = openSqliteDatabase(dataDir);
  const { db } = handle;
  const upsert = db.prepare(
    `INSERT INTO rum_counts (${RUM_COLUMNS.join(', ')}) VALUES (${RUM_COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (${RUM_KEY}) DO UPDATE SET count = rum_counts.count + excluded.count`,
  );
  const addAll = db.transaction((rows: readonly RumRow[]) => {
    for (const row of rows) upsert.run(rowValues(row));
  });
  const prune = db.prepare('DELETE FROM rum_counts WHERE minute < ?');
  const sums = `SELECT section, version, metric, bucket, SUM(count) AS count FROM rum_counts WHERE minute >= ?`;
  const totalsAll = db.prepare(`${sums} GROUP BY section, version, metric, bucket`);
  const totalsOne = db.prepare(`${sums} AND section = ? GROUP BY section, version, metric, bucket`);
  const perRoute = preparedStatements(db)(ROUTE_TOTALS_SQL);
  // CAST: a bound JavaScript number may arrive as a REAL, and the slot must be a whole division.
  const slots = db.prepare(
    `SELECT CAST(minute / ? AS INTEGER) * ? AS slot, version, metric, bucket, SUM(count) AS count FROM rum_counts
     WHERE minute >= ? AND section = ? GROUP BY slot, version, metric, bucket`,
  );
  const backlog = db.prepare(OUTBOX_BACKLOG_SQL);

  return {
    async add(rows) {
      if (rows.length > 0) await whileBusy(() => addAll.immediate(rows));
    },
    async prune(beforeMinute) {
      return (await whileBusy(() => prune.run(beforeMinute))).changes;
    },
    async totals(sinceMinute, section) {
      return (section ? totalsOne.all(sinceMinute, section) : totalsAll.all(sinceMinute)) as RumTotal[];
    },
    async routeTotals(sinceMinute, section) {
      return perRoute.all(bindPositional([sinceMinute, section])) as RumRouteTotal[];
    },
    async slotTotals(sinceMinute, section, slotMinutes) {
      return slots.all(slotMinutes, slotMinutes, sinceMinute, section) as RumSlotTotal[];
    },
    async outboxBacklog() {
      const row = backlog.get() as { pending: number; failed: number; oldest: string | null };
      return { pending: row.pending, failed: row.failed, oldestPendingAt: row.oldest ? Date.parse(row.oldest) : null };
    },
    async close() {
      handle.release();
    },
  };
}
