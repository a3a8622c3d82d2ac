/**
 * SQL both stores run for the canary guard's per-client evidence beyond rum_clients: each client's
 * timing histograms, and the contact posts the api saw from each client's views (leads/lead-views.ts).
 */
import type { LeadViewTotal, RumClientTiming, RumClientTimingTotal } from './rum-store';

export const CLIENT_TIMING_COLUMNS = ['minute', 'section', 'version', 'route', 'client', 'metric', 'bucket', 'count'] as const;
export const CLIENT_TIMING_UPSERT = `ON CONFLICT (section, version, route, client, metric, minute, bucket)
  DO UPDATE SET count = rum_client_timings.count + excluded.count`;
export const clientTimingValues = (row: RumClientTiming) => CLIENT_TIMING_COLUMNS.map((column) => row[column]);

/** `$1` the first minute, `$2` the section. */
export const CLIENT_TIMING_TOTALS_SQL = `SELECT route, version, client, metric, bucket, SUM(count) AS count FROM rum_client_timings
  WHERE minute >= $1 AND section = $2 GROUP BY route, version, client, metric, bucket`;

export const clientTimingFromRow = (row: Record<string, unknown>): RumClientTimingTotal => ({
  route: String(row.route),
  version: String(row.version),
  client: String(row.client),
  metric: String(row.metric),
  bucket: Number(row.bucket),
  count: Number(row.count),
});

/** `$1` the first minute, `$2` the section. */
export const LEAD_VIEW_TOTALS_SQL = `SELECT route, version, client,
  SUM(CASE WHEN outcome = 'stored' THEN 1 ELSE 0 END) AS stored, SUM(CASE WHEN outcome = 'failed' THEN 1 ELSE 0 END) AS failed
  FROM lead_views WHERE minute >= $1 AND section = $2 GROUP BY route, version, client`;

export const leadViewFromRow = (row: Record<string, unknown>): LeadViewTotal => ({
  route: String(row.route),
  version: String(row.version),
  client: String(row.client),
  storedLeads: Number(row.stored),
  failedSubmits: Number(row.failed),
});

/** What each prune deletes past the retention window, `$1` the first minute kept. */
export const PRUNE_JUDGED_SQL = ['DELETE FROM rum_client_timings WHERE minute < $1', 'DELETE FROM lead_views WHERE minute < $1'];
