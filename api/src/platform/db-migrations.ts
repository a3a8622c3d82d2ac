/**
 * Schema migrations, applied in order on start and recorded in schema_migrations. Never edit a
 * released migration: add the next one. Each has the same meaning in both dialects.
 */
export interface Migration {
  version: number;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    sqlite: `
      CREATE TABLE leads (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        job_title TEXT NOT NULL,
        company TEXT NOT NULL,
        business_help TEXT NOT NULL,
        agree_to_updates INTEGER NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        lead_id TEXT NOT NULL REFERENCES leads(id),
        channel TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
    postgres: `
      CREATE TABLE leads (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        job_title TEXT NOT NULL,
        company TEXT NOT NULL,
        business_help TEXT NOT NULL,
        agree_to_updates BOOLEAN NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE outbox (
        id BIGSERIAL PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads(id),
        channel TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        last_error TEXT,
        updated_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);`,
  },
  {
    // The remote registry and its release history, shared by every api instance (see releases/).
    version: 2,
    sqlite: `
      CREATE TABLE remote_releases (
        remote TEXT NOT NULL,
        version TEXT NOT NULL,
        state TEXT NOT NULL,
        position INTEGER,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        git_sha TEXT,
        rolled_back_at TEXT,
        PRIMARY KEY (remote, version)
      );
      CREATE TABLE remote_registry (
        remote TEXT PRIMARY KEY,
        version TEXT NOT NULL,
        revision INTEGER NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE release_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        remote TEXT NOT NULL,
        action TEXT NOT NULL,
        version TEXT NOT NULL,
        from_version TEXT,
        actor TEXT NOT NULL,
        git_sha TEXT,
        at TEXT NOT NULL
      );
      CREATE TABLE site_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
    postgres: `
      CREATE TABLE remote_releases (
        remote TEXT NOT NULL,
        version TEXT NOT NULL,
        state TEXT NOT NULL,
        position INTEGER,
        created_at TIMESTAMPTZ NOT NULL,
        created_by TEXT NOT NULL,
        git_sha TEXT,
        rolled_back_at TIMESTAMPTZ,
        PRIMARY KEY (remote, version)
      );
      CREATE TABLE remote_registry (
        remote TEXT PRIMARY KEY,
        version TEXT NOT NULL,
        revision INTEGER NOT NULL,
        updated_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE release_events (
        id BIGSERIAL PRIMARY KEY,
        remote TEXT NOT NULL,
        action TEXT NOT NULL,
        version TEXT NOT NULL,
        from_version TEXT,
        actor TEXT NOT NULL,
        git_sha TEXT,
        at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE site_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
  // Lead attribution: where the visit came from, one nullable column per field
  // (db/lead-store.ts ATTRIBUTION_COLUMNS). Leads from before have none.
  {
    version: 3,
    sqlite: `
      ALTER TABLE leads ADD COLUMN utm_source TEXT;
      ALTER TABLE leads ADD COLUMN utm_medium TEXT;
      ALTER TABLE leads ADD COLUMN utm_campaign TEXT;
      ALTER TABLE leads ADD COLUMN utm_term TEXT;
      ALTER TABLE leads ADD COLUMN utm_content TEXT;
      ALTER TABLE leads ADD COLUMN referrer TEXT;
      ALTER TABLE leads ADD COLUMN landing_page TEXT;`,
    postgres: `
      ALTER TABLE leads
        ADD COLUMN utm_source TEXT,
        ADD COLUMN utm_medium TEXT,
        ADD COLUMN utm_campaign TEXT,
        ADD COLUMN utm_term TEXT,
        ADD COLUMN utm_content TEXT,
        ADD COLUMN referrer TEXT,
        ADD COLUMN landing_page TEXT;`,
  },
  // Real-user measurement: page views aggregated into counts per section x version x metric x device
  // x minute x histogram bucket (api/src/rum). No raw report, address or visitor id is stored.
  {
    version: 4,
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
];
