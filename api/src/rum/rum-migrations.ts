/**
 * Real-user measurement's schema migrations: the aggregated counts, the page-view ledger, the
 * per-client counts and timings the canary guard compares. Never edit a released migration: add the next one.
 */
import type { Migration } from '../platform/db-connections';

/** The page-view ledger and the per-client counts of the canary's sides (migration 10). */
const RUM_VIEW_TABLES = `
      CREATE TABLE rum_views (
        id TEXT PRIMARY KEY,
        expires_at BIGINT NOT NULL
      );
      CREATE INDEX rum_views_expiry ON rum_views (expires_at);
      CREATE TABLE rum_clients (
        minute BIGINT NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        route TEXT NOT NULL,
        client TEXT NOT NULL,
        views INTEGER NOT NULL DEFAULT 0,
        error_views INTEGER NOT NULL DEFAULT 0,
        failure_views INTEGER NOT NULL DEFAULT 0,
        stored_leads INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (section, version, route, client, minute)
      );
      CREATE INDEX rum_clients_minute ON rum_clients (minute);`;
/** Each client's timing histograms (INP, LCP...) of the builds a canary compares, as rum_counts' buckets. */
const RUM_CLIENT_TIMINGS_TABLE = `
      CREATE TABLE rum_client_timings (
        minute BIGINT NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        route TEXT NOT NULL,
        client TEXT NOT NULL,
        metric TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (section, version, route, client, metric, minute, bucket)
      );
      CREATE INDEX rum_client_timings_minute ON rum_client_timings (minute);`;

export const RUM_MIGRATIONS: readonly Migration[] = [
  // Real-user measurement: page views aggregated into counts per section x version x metric x device
  // x minute x histogram bucket (api/src/rum). No raw report, address or visitor id is stored.
  {
    version: 5,
    sqlite: `
      CREATE TABLE rum_counts (
        minute INTEGER NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        metric TEXT NOT NULL,
        device TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (section, version, metric, device, minute, bucket)
      );
      CREATE INDEX rum_counts_minute ON rum_counts (minute);`,
    postgres: `
      CREATE TABLE rum_counts (
        minute BIGINT NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        metric TEXT NOT NULL,
        device TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        count BIGINT NOT NULL,
        PRIMARY KEY (section, version, metric, device, minute, bucket)
      );
      CREATE INDEX rum_counts_minute ON rum_counts (minute);`,
  },
  // Real-user measurement per page: the route (pattern or static path) joins the key, so the canary
  // guard compares both versions on the same pages. Rows from before are kept under the route ''.
  // SQLite cannot change a primary key in place: the table is rebuilt (its minute index with it).
  {
    version: 8,
    sqlite: `
      CREATE TABLE rum_counts_by_route (
        minute INTEGER NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        route TEXT NOT NULL DEFAULT '',
        metric TEXT NOT NULL,
        device TEXT NOT NULL,
        bucket INTEGER NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (section, version, route, metric, device, minute, bucket)
      );
      INSERT INTO rum_counts_by_route (minute, section, version, route, metric, device, bucket, count)
        SELECT minute, section, version, '', metric, device, bucket, count FROM rum_counts;
      DROP TABLE rum_counts;
      ALTER TABLE rum_counts_by_route RENAME TO rum_counts;
      CREATE INDEX rum_counts_minute ON rum_counts (minute);`,
    postgres: `
      ALTER TABLE rum_counts ADD COLUMN route TEXT NOT NULL DEFAULT '';
      ALTER TABLE rum_counts DROP CONSTRAINT rum_counts_pkey;
      ALTER TABLE rum_counts ADD PRIMARY KEY (section, version, route, metric, device, minute, bucket);`,
  },
  // Measurements nobody can forge (rum/page-view-tokens.ts): the page-view ids already counted, kept
  // until their token expires, so a replayed report counts once on any instance; and, for the builds
  // a running canary compares, each client's views, views with errors and with failed loads, so the
  // guard counts people (how many, and no one of them weighing more than a share) rather than requests.
  {
    version: 10,
    sqlite: RUM_VIEW_TABLES.replaceAll('BIGINT', 'INTEGER'),
    postgres: RUM_VIEW_TABLES,
  },
  // The guard's own evidence: each client's timings on a canary's sides. A new table: the previous release never reads it.
  { version: 23, sqlite: RUM_CLIENT_TIMINGS_TABLE.replaceAll('BIGINT', 'INTEGER'), postgres: RUM_CLIENT_TIMINGS_TABLE },
];
