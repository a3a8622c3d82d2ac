/**
 * The aggregates on either database (platform/sql-runner.ts), the SQL written once: counts add up in
 * upserts, every instance adding to the same rows.
 */
import { onOwnDatabase, onOwnSqlite } from '../platform/database';
import type { PostgresOptions } from '../platform/db-connections';
import { runnerOn, type SqlRunner, type Statement } from '../platform/sql-runner';
import { changes, rows as returned } from '../platform/sql-steps';
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
  type RumRouteTotal,
  type RumStore,
  type RumTotal,
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

/** Rows per INSERT statement: 9 parameters each at most, far under either database's limit. */
const CHUNK = 500;

/** `($1, $2, ...), (...)` for `rows` rows of `columns` values each. */
const placeholders = (rows: number, columns: number) =>
  Array.from({ length: rows }, (_, r) => `(${Array.from({ length: columns }, (__, c) => `$${r * columns + c + 1}`).join(', ')})`).join(
    ', ',
  );

/** One INSERT per chunk of rows, in a fixed order so two instances flushing together lock rows alike. */
function insertsSorted<R>(rows: readonly R[], values: (row: R) => unknown[], sql: (values: string) => string): Statement[] {
  const sorted = [...rows].sort((a, b) => values(a).join('\0').localeCompare(values(b).join('\0')));
  const statements: Statement[] = [];
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const chunk = sorted.slice(start, start + CHUNK);
    statements.push({ sql: sql(placeholders(chunk.length, values(chunk[0]!).length)), params: chunk.flatMap(values) });
  }
  return statements;
}

/** On a hold of its own on the SQLite file (scripts, tests): its close() lets go of it. */
export const openSqliteRumStore = (dataDir: string): RumStore =>
  onOwnSqlite(dataDir, (connection) => rumStoreOnRunner(runnerOn(connection)));

/** On a PostgreSQL database of its own (scripts, tests): its close() ends the pool. */
export const openPostgresRumStore = (url: string, options: PostgresOptions = {}): Promise<RumStore> =>
  onOwnDatabase({ databaseUrl: url, ...options }, (connection) => rumStoreOnRunner(runnerOn(connection)));

/** On `runner`'s database, which its owner closes. */
export function rumStoreOnRunner(runner: SqlRunner): RumStore {
  const all = <T>(sql: string, params: unknown[]) => runner.query<T>(sql, params);
  return {
    async add(rows, clients = [], timings = []) {
      if (rows.length + clients.length + timings.length === 0) return;
      await runner.transaction([
        ...insertsSorted(
          rows,
          rowValues,
          (values) => `INSERT INTO rum_counts (${RUM_COLUMNS.join(', ')}) VALUES ${values}
             ON CONFLICT (${RUM_KEY}) DO UPDATE SET count = rum_counts.count + excluded.count`,
        ),
        ...insertsSorted(
          clients,
          clientValues,
          (values) => `INSERT INTO rum_clients (${CLIENT_COLUMNS.join(', ')}) VALUES ${values} ${CLIENT_UPSERT}`,
        ),
        ...insertsSorted(
          timings,
          clientTimingValues,
          (values) => `INSERT INTO rum_client_timings (${CLIENT_TIMING_COLUMNS.join(', ')}) VALUES ${values} ${CLIENT_TIMING_UPSERT}`,
        ),
      ]);
    },
    async claimViews(views) {
      if (views.length === 0) return new Set<string>();
      // Whichever instance inserts an id first counts its view; the others get no row back for it.
      return runner.steps(function* () {
        const claimed = new Set<string>();
        for (let start = 0; start < views.length; start += CHUNK) {
          const chunk = views.slice(start, start + CHUNK);
          const inserted = yield* returned<{ id: string }>(
            `INSERT INTO rum_views (id, expires_at) VALUES ${placeholders(chunk.length, 2)} ON CONFLICT (id) DO NOTHING RETURNING id`,
            chunk.flatMap((v) => [v.id, v.expiresAt]),
          );
          for (const row of inserted) claimed.add(row.id);
        }
        return claimed;
      });
    },
    prune: (beforeMinute, nowMs = Date.now()) =>
      runner.steps(function* () {
        yield* changes('DELETE FROM rum_clients WHERE minute < $1', [beforeMinute]);
        for (const sql of PRUNE_JUDGED_SQL) yield* changes(sql, [beforeMinute]);
        yield* changes('DELETE FROM rum_views WHERE expires_at < $1', [nowMs]);
        return yield* changes('DELETE FROM rum_counts WHERE minute < $1', [beforeMinute]);
      }),
    async totals(sinceMinute, section) {
      const rows = await all<RumTotal & { count: number | string }>(
        `SELECT section, version, metric, bucket, SUM(count) AS count FROM rum_counts WHERE minute >= $1
         ${section ? 'AND section = $2' : ''} GROUP BY section, version, metric, bucket`,
        section ? [sinceMinute, section] : [sinceMinute],
      );
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async routeTotals(sinceMinute, section, untilMinute = OPEN_END_MINUTE) {
      const rows = await all<RumRouteTotal & { count: number | string }>(ROUTE_TOTALS_SQL, [sinceMinute, section, untilMinute]);
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async clientTotals(sinceMinute, section) {
      return (await all<Record<string, unknown>>(CLIENT_TOTALS_SQL, [sinceMinute, section])).map(clientTotalFromRow);
    },
    async clientTimingTotals(sinceMinute, section) {
      return (await all<Record<string, unknown>>(CLIENT_TIMING_TOTALS_SQL, [sinceMinute, section])).map(clientTimingFromRow);
    },
    async leadViewTotals(sinceMinute, section) {
      return (await all<Record<string, unknown>>(LEAD_VIEW_TOTALS_SQL, [sinceMinute, section])).map(leadViewFromRow);
    },
    async slotTotals(sinceMinute, section, slotMinutes) {
      // CAST: SQLite may take a bound JavaScript number as a REAL, and the slot must be a whole
      // division; PostgreSQL's minute is a BIGINT already. Sums come back as text from PostgreSQL.
      const rows = await all<Record<'slot' | 'version' | 'metric' | 'bucket' | 'count', string | number>>(
        `SELECT CAST(minute / $1 AS BIGINT) * $1 AS slot, version, metric, bucket, SUM(count) AS count FROM rum_counts
         WHERE minute >= $2 AND section = $3 GROUP BY slot, version, metric, bucket`,
        [slotMinutes, sinceMinute, section],
      );
      return rows.map((row) => ({
        slot: Number(row.slot),
        version: String(row.version),
        metric: String(row.metric),
        bucket: Number(row.bucket),
        count: Number(row.count),
      }));
    },
    async outboxBacklog() {
      const [row] = await all<{ pending: number | string; failed: number | string; oldest: Date | string | null }>(OUTBOX_BACKLOG_SQL, []);
      const oldest = row?.oldest ?? null;
      return {
        pending: Number(row?.pending ?? 0),
        failed: Number(row?.failed ?? 0),
        oldestPendingAt: oldest === null ? null : oldest instanceof Date ? oldest.getTime() : Date.parse(oldest),
      };
    },
    async close() {
      // The database is its owner's to close.
    },
  };
}
