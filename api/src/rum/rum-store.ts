/**
 * Where the page views' aggregates live: counts per section x version x route x metric x device x
 * minute x bucket, in the database the leads use (SQLite by default, PostgreSQL with DATABASE_URL). Raw
 * reports are never stored. Counters (views, errors...) use bucket 0; timings one row per bucket.
 */
import { onOwnDatabase, type DatabaseConnection } from '../platform/database';
import { runnerOn } from '../platform/sql-runner';
import type { AppConfig } from '../app-config';

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

/**
 * One client's page views of one build on one route in one minute: kept only for the builds a running
 * canary compares (its version and the current one), so the guard can count people, not requests.
 * `client` is a keyed hash of the client's network (page-view-tokens.ts), never an address.
 */
export interface RumClientRow {
  minute: number;
  section: string;
  version: string;
  route: string;
  client: string;
  views: number;
  /** Views with at least one error thrown by this build's files. */
  errorViews: number;
  /** Views in which this build's code could not be loaded. */
  failureViews: number;
  /** Contact form submissions the api stored, made on this build's pages. */
  storedLeads: number;
}

/** One client's timing histogram bucket of a build a canary compares (rum_client_timings). */
export interface RumClientTiming {
  minute: number;
  section: string;
  version: string;
  route: string;
  client: string;
  metric: string;
  bucket: number;
  count: number;
}

/** A client's timings of one section version on one route, summed over a window's minutes. */
export type RumClientTimingTotal = Omit<RumClientTiming, 'minute' | 'section'>;

/** Contact posts the api saw from one client's views of one section version on one route (lead_views). */
export interface LeadViewTotal {
  route: string;
  version: string;
  client: string;
  storedLeads: number;
  failedSubmits: number;
}

/** One client's counts of one section version on one route, summed over a window's minutes. */
export type RumClientTotal = Omit<RumClientRow, 'minute' | 'section'>;

/** A page view's id and when its token stops being accepted (epoch ms): until then it counts once. */
export interface ViewClaim {
  id: string;
  expiresAt: number;
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
  /** Adds the counts (and the clients' counts and timings) to the stored ones, in one transaction. */
  add(rows: readonly RumRow[], clients?: readonly RumClientRow[], timings?: readonly RumClientTiming[]): Promise<void>;
  /**
   * Records each page view's id unless it was recorded before (by any instance): answers the ids new
   * here, the only views to count. An id is remembered until its `expiresAt`.
   */
  claimViews(views: readonly ViewClaim[]): Promise<Set<string>>;
  /** Deletes every count older than `minute` and the ids expired by `nowMs`; answers how many counts. */
  prune(beforeMinute: number, nowMs?: number): Promise<number>;
  /** Sums since `sinceMinute`, for one section or all of them. */
  totals(sinceMinute: number, section?: string): Promise<RumTotal[]>;
  /**
   * Sums for one section from `sinceMinute` (to before `untilMinute`, when given), kept apart per
   * route (what the canary guard compares).
   */
  routeTotals(sinceMinute: number, section: string, untilMinute?: number): Promise<RumRouteTotal[]>;
  /** Each client's sums for one section since `sinceMinute`, per route and version (the canary's sides). */
  clientTotals(sinceMinute: number, section: string): Promise<RumClientTotal[]>;
  /** Each client's timing histograms for one section since `sinceMinute`, per route and version. */
  clientTimingTotals(sinceMinute: number, section: string): Promise<RumClientTimingTotal[]>;
  /** Contact posts from each client's views of one section since `sinceMinute`: leads stored and posts refused. */
  leadViewTotals(sinceMinute: number, section: string): Promise<LeadViewTotal[]>;
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

/**
 * A section's sums per route in a window of minutes (`$1` the first, `$3` the end, excluded; `$2` the
 * section): what the canary guard compares.
 */
export const ROUTE_TOTALS_SQL = `SELECT route, version, metric, bucket, SUM(count) AS count FROM rum_counts
  WHERE minute >= $1 AND minute < $3 AND section = $2 GROUP BY route, version, metric, bucket`;

/** Minutes far past any window's end: a window "until now". */
export const OPEN_END_MINUTE = 2 ** 40;

export const CLIENT_COLUMNS = ['minute', 'section', 'version', 'route', 'client', 'views', 'error_views', 'failure_views', 'stored_leads'];
export const CLIENT_KEY = 'section, version, route, client, minute';
/** The upsert's tail both databases run: counts add up across flushes and instances. */
export const CLIENT_UPSERT = `ON CONFLICT (${CLIENT_KEY}) DO UPDATE SET views = rum_clients.views + excluded.views,
  error_views = rum_clients.error_views + excluded.error_views, failure_views = rum_clients.failure_views + excluded.failure_views,
  stored_leads = rum_clients.stored_leads + excluded.stored_leads`;
export const clientValues = (row: RumClientRow) => [
  row.minute,
  row.section,
  row.version,
  row.route,
  row.client,
  row.views,
  row.errorViews,
  row.failureViews,
  row.storedLeads,
];

/** Each client's sums for one section since a minute (`$1` the minute, `$2` the section). */
export const CLIENT_TOTALS_SQL = `SELECT route, version, client, SUM(views) AS views, SUM(error_views) AS error_views,
  SUM(failure_views) AS failure_views, SUM(stored_leads) AS stored_leads FROM rum_clients
  WHERE minute >= $1 AND section = $2 GROUP BY route, version, client`;

/** A row of CLIENT_TOTALS_SQL as the store answers it (PostgreSQL's sums arrive as text). */
export const clientTotalFromRow = (row: Record<string, unknown>): RumClientTotal => ({
  route: String(row.route),
  version: String(row.version),
  client: String(row.client),
  views: Number(row.views),
  errorViews: Number(row.error_views),
  failureViews: Number(row.failure_views),
  storedLeads: Number(row.stored_leads),
});

/** One row: leads waiting to be announced, announcements given up on, and when the oldest waiting lead was stored. */

export const OUTBOX_BACKLOG_SQL = `SELECT
  (SELECT COUNT(*) FROM outbox WHERE status = 'pending') AS pending,
  (SELECT COUNT(*) FROM outbox WHERE status = 'failed') AS failed,
  (SELECT MIN(l.created_at) FROM outbox o JOIN leads l ON l.id = o.lead_id WHERE o.status = 'pending') AS oldest`;

export const rowValues = (row: RumRow) => RUM_COLUMNS.map((column) => row[column]);

/** The aggregates on the process's database (the database module's). */
export async function rumStoreOn(connection: DatabaseConnection): Promise<RumStore> {
  // Loaded on first use: rum-sql.ts imports this file's SQL.
  return (await import('./rum-sql')).rumStoreOnRunner(runnerOn(connection));
}

/** For a script: the aggregates in the database the leads use. */
export async function openRumStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<RumStore> {
  return onOwnDatabase(config, rumStoreOn);
}
