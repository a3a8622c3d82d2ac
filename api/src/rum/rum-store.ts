/**
 * Where the page views' aggregates live: counts per section x version x route x metric x device x
 * minute x bucket, in the database the leads use (SQLite by default, PostgreSQL with DATABASE_URL). Raw
 * reports are never stored. Counters (views, errors...) use bucket 0; timings one row per bucket.
 */
import type { AppConfig } from '../platform/config';

export interface RumRow {
  /** Epoch minute (milliseconds / 60,000). */
  minute: number;
  section: string;
  version: string;
  /** The page's route pattern or static path, as the site knows it (UNKNOWN_ROUTE otherwise). */
  route: string;
  metric: string;
  device: string;
  bucket: number;
  count: number;
}

/** A window's counts, summed over minutes, devices and routes. */
export interface RumTotal {
  section: string;
  version: string;
  metric: string;
  bucket: number;
  count: number;
}

/** A window's counts of one section on one route, summed over minutes and devices. */
export interface RumRouteTotal extends Omit<RumTotal, 'section'> {
  route: string;
}

/** A section's counts summed per time slot (over devices): one row of a timeline. */
export interface RumSlotTotal {
  /** Epoch minute the slot starts at (a multiple of the slot's length). */
  slot: number;
  version: string;
  metric: string;
  bucket: number;
  count: number;
}

export interface OutboxBacklog {
  pending: number;
  failed: number;
  /** When the oldest lead still waiting to be announced was stored (epoch ms), or null. */
  oldestPendingAt: number | null;
}

export interface RumStore {
  /** Adds the counts to the stored ones, in one transaction. */
  add(rows: readonly RumRow[]): Promise<void>;
  /** Deletes every row older than `minute`; answers how many. */
  prune(beforeMinute: number): Promise<number>;
  /** Sums since `sinceMinute`, for one section or all of them. */
  totals(sinceMinute: number, section?: string): Promise<RumTotal[]>;
  /** Sums for one section since `sinceMinute`, kept apart per route (what the canary guard compares). */
  routeTotals(sinceMinute: number, section: string): Promise<RumRouteTotal[]>;
  /**
   * Sums for one section since `sinceMinute`, per slot of `slotMinutes` minutes aligned on the epoch
   * (so every instance, and every request, cuts the same slots).
   */
  slotTotals(sinceMinute: number, section: string, slotMinutes: number): Promise<RumSlotTotal[]>;
  /** The lead outbox's state, read on /metrics collection (same database). */
  outboxBacklog(): Promise<OutboxBacklog>;
  close(): Promise<void>;
}

export const RUM_COLUMNS = ['minute', 'section', 'version', 'route', 'metric', 'device', 'bucket', 'count'] as const;
export const RUM_KEY = 'section, version, route, metric, device, minute, bucket';

/** One row: leads waiting to be announced, announcements given up on, and when the oldest waiting lead was stored. */
/** A section's sums per route since a minute (`$1` the minute, `$2` the section): what the canary guard compares. */
export const ROUTE_TOTALS_SQL = `SELECT route, version, metric, bucket, SUM(count) AS count FROM rum_counts
  WHERE minute >= $1 AND section = $2 GROUP BY route, version, metric, bucket`;

export const OUTBOX_BACKLOG_SQL = `SELECT
  (SELECT COUNT(*) FROM outbox WHERE status = 'pending') AS pending,
  (SELECT COUNT(*) FROM outbox WHERE status = 'failed') AS failed,
  (SELECT MIN(l.created_at) FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE o.status = 'pending') AS oldest`;

export const rowValues = (row: RumRow) => RUM_COLUMNS.map((column) => row[column]);

export async function openRumStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<RumStore> {
  if (config.databaseUrl) {
    const { openPostgresRumStore } = await import('./rum-store-postgres');
    return openPostgresRumStore(config.databaseUrl);
  }
  const { openSqliteRumStore } = await import('./rum-store-sqlite');
  return openSqliteRumStore(config.dataDir);
}
