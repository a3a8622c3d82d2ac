/** The aggregates in the SQLite file the leads use (the process's one shared connection). */
import { onOwnSqlite } from '../database/own-database';
import type Database from 'better-sqlite3';
import { bindPositional, preparedStatements, whileBusy } from '../platform/db-connections';
import {
  CLIENT_COLUMNS,
  CLIENT_TOTALS_SQL,
  CLIENT_UPSERT,
  clientTotalFromRow,
  clientValues,
  OPEN_END_MINUTE,
  OUTBOX_BACKLOG_SQL,
  ROUTE_TOTALS_SQL,
  RUM_COLUMNS,
  RUM_KEY,
  rowValues,
  type RumClientRow,
  type RumClientTiming,
  type RumRouteTotal,
  type RumRow,
  type RumSlotTotal,
  type RumStore,
  type RumTotal,
  type ViewClaim,
} from './rum-store';
import {
  CLIENT_TIMING_COLUMNS,
  CLIENT_TIMING_TOTALS_SQL,
  CLIENT_TIMING_UPSERT,
  clientTimingFromRow,
  clientTimingValues,
  LEAD_VIEW_TOTALS_SQL,
  leadViewFromRow,
  PRUNE_JUDGED_SQL,
} from './judged-sql';

/** On a hold of its own on the SQLite file (scripts, tests): its close() lets go of it. */
export const openSqliteRumStore = (dataDir: string): RumStore => onOwnSqlite(dataDir, (connection) => sqliteRumStore(connection.db));

/** On the process's one SQLite connection, which its owner closes. */
export function sqliteRumStore(db: Database.Database): RumStore {
  const upsert = db.prepare(
    `INSERT INTO rum_counts (${RUM_COLUMNS.join(', ')}) VALUES (${RUM_COLUMNS.map(() => '?').join(', ')})
     ON CONFLICT (${RUM_KEY}) DO UPDATE SET count = rum_counts.count + excluded.count`,
  );
  const upsertClient = db.prepare(
    `INSERT INTO rum_clients (${CLIENT_COLUMNS.join(', ')}) VALUES (${CLIENT_COLUMNS.map(() => '?').join(', ')}) ${CLIENT_UPSERT}`,
  );
  const upsertTiming = db.prepare(
    `INSERT INTO rum_client_timings (${CLIENT_TIMING_COLUMNS.join(', ')}) VALUES (${CLIENT_TIMING_COLUMNS.map(() => '?').join(', ')})
     ${CLIENT_TIMING_UPSERT}`,
  );
  const addAll = db.transaction((rows: readonly RumRow[], clients: readonly RumClientRow[], timings: readonly RumClientTiming[]) => {
    for (const row of rows) upsert.run(rowValues(row));
    for (const row of clients) upsertClient.run(clientValues(row));
    for (const row of timings) upsertTiming.run(clientTimingValues(row));
  });
  const claim = db.prepare('INSERT OR IGNORE INTO rum_views (id, expires_at) VALUES (?, ?)');
  const claimAll = db.transaction(
    (views: readonly ViewClaim[]) => new Set(views.filter((v) => claim.run(v.id, v.expiresAt).changes > 0).map((v) => v.id)),
  );
  const statement = preparedStatements(db);
  const pruneAll = db.transaction((beforeMinute: number, nowMs: number) => {
    db.prepare('DELETE FROM rum_clients WHERE minute < ?').run(beforeMinute);
    for (const sql of PRUNE_JUDGED_SQL) statement(sql).run(bindPositional([beforeMinute]));
    db.prepare('DELETE FROM rum_views WHERE expires_at < ?').run(nowMs);
    return db.prepare('DELETE FROM rum_counts WHERE minute < ?').run(beforeMinute).changes;
  });
  const sums = `SELECT section, version, metric, bucket, SUM(count) AS count FROM rum_counts WHERE minute >= ?`;
  const totalsAll = db.prepare(`${sums} GROUP BY section, version, metric, bucket`);
  const totalsOne = db.prepare(`${sums} AND section = ? GROUP BY section, version, metric, bucket`);
  const perRoute = statement(ROUTE_TOTALS_SQL);
  const perClient = statement(CLIENT_TOTALS_SQL);
  // CAST: a bound JavaScript number may arrive as a REAL, and the slot must be a whole division.
  const slots = db.prepare(
    `SELECT CAST(minute / ? AS INTEGER) * ? AS slot, version, metric, bucket, SUM(count) AS count FROM rum_counts
     WHERE minute >= ? AND section = ? GROUP BY slot, version, metric, bucket`,
  );
  const backlog = db.prepare(OUTBOX_BACKLOG_SQL);

  return {
    async add(rows, clients = [], timings = []) {
      if (rows.length + clients.length + timings.length > 0) await whileBusy(() => addAll.immediate(rows, clients, timings));
    },
    async claimViews(views) {
      return views.length > 0 ? whileBusy(() => claimAll.immediate(views)) : new Set<string>();
    },
    async prune(beforeMinute, nowMs = Date.now()) {
      return whileBusy(() => pruneAll.immediate(beforeMinute, nowMs));
    },
    async totals(sinceMinute, section) {
      return (section ? totalsOne.all(sinceMinute, section) : totalsAll.all(sinceMinute)) as RumTotal[];
    },
    async routeTotals(sinceMinute, section, untilMinute = OPEN_END_MINUTE) {
      return perRoute.all(bindPositional([sinceMinute, section, untilMinute])) as RumRouteTotal[];
    },
    async clientTotals(sinceMinute, section) {
      return (perClient.all(bindPositional([sinceMinute, section])) as Record<string, unknown>[]).map(clientTotalFromRow);
    },
    async clientTimingTotals(sinceMinute, section) {
      const rows = statement(CLIENT_TIMING_TOTALS_SQL).all(bindPositional([sinceMinute, section])) as Record<string, unknown>[];
      return rows.map(clientTimingFromRow);
    },
    async leadViewTotals(sinceMinute, section) {
      const rows = statement(LEAD_VIEW_TOTALS_SQL).all(bindPositional([sinceMinute, section])) as Record<string, unknown>[];
      return rows.map(leadViewFromRow);
    },
    async slotTotals(sinceMinute, section, slotMinutes) {
      return slots.all(slotMinutes, slotMinutes, sinceMinute, section) as RumSlotTotal[];
    },
    async outboxBacklog() {
      const row = backlog.get() as { pending: number; failed: number; oldest: string | null };
      return { pending: row.pending, failed: row.failed, oldestPendingAt: row.oldest ? Date.parse(row.oldest) : null };
    },
    async close() {
      // The connection is its owner's to close.
    },
  };
}
