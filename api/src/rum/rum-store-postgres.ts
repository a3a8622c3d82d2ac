/** The aggregates on PostgreSQL (DATABASE_URL): every instance adds its counts to the same rows. */
import { poolOf } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import type pg from 'pg';
import { inTransaction, type PostgresOptions } from '../platform/db-connections';
import {
  CLIENT_COLUMNS,
  CLIENT_TOTALS_SQL,
  CLIENT_UPSERT,
  clientTotalFromRow,
  clientValues,
  OPEN_END_MINUTE,
  OUTBOX_BACKLOG_SQL,
  RUM_COLUMNS,
  ROUTE_TOTALS_SQL,
  RUM_KEY,
  rowValues,
  type RumRouteTotal,
  type RumSlotTotal,
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

/** Rows per INSERT statement: 9 parameters each at most, far under PostgreSQL's 65,535. */
const CHUNK = 500;

/** `($1, $2, ...), (...)` for `rows` rows of `columns` values each. */
const placeholders = (rows: number, columns: number) =>
  Array.from({ length: rows }, (_, r) => `(${Array.from({ length: columns }, (__, c) => `$${r * columns + c + 1}`).join(', ')})`).join(
    ', ',
  );

/** Runs one INSERT per chunk of rows, in a fixed order so two instances flushing together lock rows alike. */
async function insertSorted<R>(client: pg.PoolClient, rows: readonly R[], values: (row: R) => unknown[], sql: (values: string) => string) {
  const sorted = [...rows].sort((a, b) => values(a).join('\0').localeCompare(values(b).join('\0')));
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const chunk = sorted.slice(start, start + CHUNK);
    await client.query(sql(placeholders(chunk.length, values(chunk[0]!).length)), chunk.flatMap(values));
  }
}

/** On a database of its own (scripts, tests): its close() ends the pool. */
export const openPostgresRumStore = (url: string, options: PostgresOptions = {}): Promise<RumStore> =>
  onOwnDatabase({ databaseUrl: url, ...options }, (connection) => postgresRumStore(poolOf(connection)));

/** On the process's pool, which its owner ends. */
export function postgresRumStore(pool: pg.Pool): RumStore {
  return {
    async add(rows, clients = [], timings = []) {
      if (rows.length + clients.length + timings.length === 0) return;
      await inTransaction(pool, async (client) => {
        await insertSorted(
          client,
          rows,
          rowValues,
          (values) => `INSERT INTO rum_counts (${RUM_COLUMNS.join(', ')}) VALUES ${values}
             ON CONFLICT (${RUM_KEY}) DO UPDATE SET count = rum_counts.count + excluded.count`,
        );
        await insertSorted(
          client,
          clients,
          clientValues,
          (values) => `INSERT INTO rum_clients (${CLIENT_COLUMNS.join(', ')}) VALUES ${values} ${CLIENT_UPSERT}`,
        );
        await insertSorted(
          client,
          timings,
          clientTimingValues,
          (values) => `INSERT INTO rum_client_timings (${CLIENT_TIMING_COLUMNS.join(', ')}) VALUES ${values} ${CLIENT_TIMING_UPSERT}`,
        );
      });
    },
    async claimViews(views) {
      if (views.length === 0) return new Set<string>();
      // Whichever instance inserts an id first counts its view; the others get no row back for it.
      const { rows } = await pool.query<{ id: string }>(
        `INSERT INTO rum_views (id, expires_at) SELECT * FROM unnest($1::text[], $2::bigint[]) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [views.map((v) => v.id), views.map((v) => v.expiresAt)],
      );
      return new Set(rows.map((row) => row.id));
    },
    async prune(beforeMinute, nowMs = Date.now()) {
      await pool.query('DELETE FROM rum_clients WHERE minute < $1', [beforeMinute]);
      for (const sql of PRUNE_JUDGED_SQL) await pool.query(sql, [beforeMinute]);
      await pool.query('DELETE FROM rum_views WHERE expires_at < $1', [nowMs]);
      return (await pool.query('DELETE FROM rum_counts WHERE minute < $1', [beforeMinute])).rowCount ?? 0;
    },
    async totals(sinceMinute, section) {
      const { rows } = await pool.query<RumTotal & { count: string }>(
        `SELECT section, version, metric, bucket, SUM(count) AS count FROM rum_counts WHERE minute >= $1
         ${section ? 'AND section = $2' : ''} GROUP BY section, version, metric, bucket`,
        section ? [sinceMinute, section] : [sinceMinute],
      );
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async routeTotals(sinceMinute, section, untilMinute = OPEN_END_MINUTE) {
      const { rows } = await pool.query<RumRouteTotal & { count: string }>(ROUTE_TOTALS_SQL, [sinceMinute, section, untilMinute]);
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async clientTotals(sinceMinute, section) {
      const { rows } = await pool.query<Record<string, unknown>>(CLIENT_TOTALS_SQL, [sinceMinute, section]);
      return rows.map(clientTotalFromRow);
    },
    async clientTimingTotals(sinceMinute, section) {
      const { rows } = await pool.query<Record<string, unknown>>(CLIENT_TIMING_TOTALS_SQL, [sinceMinute, section]);
      return rows.map(clientTimingFromRow);
    },
    async leadViewTotals(sinceMinute, section) {
      const { rows } = await pool.query<Record<string, unknown>>(LEAD_VIEW_TOTALS_SQL, [sinceMinute, section]);
      return rows.map(leadViewFromRow);
    },
    async slotTotals(sinceMinute, section, slotMinutes) {
      // minute is a BIGINT, so the division is a whole one; sums come back as text (BIGINT).
      const { rows } = await pool.query<Record<keyof RumSlotTotal, string | number>>(
        `SELECT (minute / $1) * $1 AS slot, version, metric, bucket, SUM(count) AS count FROM rum_counts
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
      const { rows } = await pool.query<{ pending: string; failed: string; oldest: Date | null }>(OUTBOX_BACKLOG_SQL);
      const row = rows[0];
      return {
        pending: Number(row?.pending ?? 0),
        failed: Number(row?.failed ?? 0),
        oldestPendingAt: row?.oldest ? row.oldest.getTime() : null,
      };
    },
    async close() {
      // The pool is its owner's to end.
    },
  };
}
