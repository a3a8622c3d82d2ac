/** The aggregates on PostgreSQL (DATABASE_URL): every instance adds its counts to the same rows. */
import { inTransaction, openPostgresPool, type PostgresOptions } from '../platform/db-connections';
import {
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

/** Rows per INSERT statement: 8 parameters each, far under PostgreSQL's 65,535. */
const CHUNK = 500;

export async function openPostgresRumStore(url: string, options: PostgresOptions = {}): Promise<RumStore> {
  const pool = await openPostgresPool(url, options);
  return {
    async add(rows) {
      if (rows.length === 0) return;
      // Rows in a fixed order, so two instances flushing together take their row locks in the same order.
      const sorted = [...rows].sort((a, b) => rowValues(a).join('\0').localeCompare(rowValues(b).join('\0')));
      await inTransaction(pool, async (client) => {
        for (let start = 0; start < sorted.length; start += CHUNK) {
          const chunk = sorted.slice(start, start + CHUNK);
          const placeholders = chunk.map((_, r) => `(${RUM_COLUMNS.map((__, c) => `$${r * RUM_COLUMNS.length + c + 1}`).join(', ')})`);
          await client.query(
            `INSERT INTO rum_counts (${RUM_COLUMNS.join(', ')}) VALUES ${placeholders.join(', ')}
             ON CONFLICT (${RUM_KEY}) DO UPDATE SET count = rum_counts.count + excluded.count`,
            chunk.flatMap(rowValues),
          );
        }
      });
    },
    async prune(beforeMinute) {
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
    async routeTotals(sinceMinute, section) {
      const { rows } = await pool.query<RumRouteTotal & { count: string }>(ROUTE_TOTALS_SQL, [sinceMinute, section]);
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
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
      await pool.end();
    },
  };
}
