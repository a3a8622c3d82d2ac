/**
 * Schema migrations, applied in order on start and recorded in schema_migrations. Never edit a
 * released migration: add the next one. Each has the same meaning in both dialects.
 */
import {
  artifactTables,
  CONTENT_TABLES,
  contentAudit,
  EDITOR_PRESENCE_TABLE,
  EDITOR_SIGN_IN_TABLES,
  EDGE_DEPLOYED_TABLE,
  EDGE_PURGES_TABLE,
  editorTables,
  RELEASE_SCHEDULES_TABLE,
  RUM_VIEW_TABLES,
} from './db-migration-tables';
import { LEAD_VIEWS_TABLE, RUM_CLIENT_TIMINGS_TABLE } from './db-migration-guard-tables';
import { EXPERIMENT_TABLES } from './db-migration-experiment-tables';

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
  // Content as data (content/): items with their editorial state, every revision, the old paths of
  // renamed items, an audit of every action and the counter each instance polls. Times are ISO text
  // in both dialects, so publish_at compares the same way everywhere.
  {
    version: 4,
    sqlite: CONTENT_TABLES + contentAudit('INTEGER PRIMARY KEY AUTOINCREMENT'),
    postgres: CONTENT_TABLES + contentAudit('BIGSERIAL PRIMARY KEY'),
  },
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
  // People accounts of the content editor (editor/).
  {
    version: 6,
    sqlite: editorTables('INTEGER PRIMARY KEY AUTOINCREMENT'),
    postgres: editorTables('BIGSERIAL PRIMARY KEY'),
  },
  // Canary releases (registry/canary/): a version served to a share of visitors beside the current
  // one, and when its share last changed; release events carry the guard's figures and rule (JSON).
  {
    version: 7,
    sqlite: `
      ALTER TABLE remote_registry ADD COLUMN canary_version TEXT;
      ALTER TABLE remote_registry ADD COLUMN canary_share INTEGER;
      ALTER TABLE remote_registry ADD COLUMN canary_since TEXT;
      ALTER TABLE release_events ADD COLUMN details TEXT;`,
    postgres: `
      ALTER TABLE remote_registry
        ADD COLUMN canary_version TEXT,
        ADD COLUMN canary_share INTEGER,
        ADD COLUMN canary_since TIMESTAMPTZ;
      ALTER TABLE release_events ADD COLUMN details TEXT;`,
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
  // The guard's notices to the team (registry/canary/guard-notices.ts): a decision's release event
  // carries the webhook body it must announce, written in the decision's own transaction, and the
  // notice's delivery state ('pending', 'sent', 'failed'; NULL for events nobody is told of), so a
  // notice outlives the instance that made the decision. Times are epoch milliseconds, as the
  // outbox's; `notice_claimed_until` is the lease of the relay sending it.
  {
    version: 9,
    sqlite: `
      ALTER TABLE release_events ADD COLUMN notice_state TEXT;
      ALTER TABLE release_events ADD COLUMN notice_body TEXT;
      ALTER TABLE release_events ADD COLUMN notice_attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE release_events ADD COLUMN notice_next_at INTEGER;
      ALTER TABLE release_events ADD COLUMN notice_claimed_until INTEGER;
      ALTER TABLE release_events ADD COLUMN notice_error TEXT;
      CREATE INDEX release_events_notices_due ON release_events (notice_next_at) WHERE notice_state = 'pending';`,
    postgres: `
      ALTER TABLE release_events
        ADD COLUMN notice_state TEXT,
        ADD COLUMN notice_body TEXT,
        ADD COLUMN notice_attempts INTEGER NOT NULL DEFAULT 0,
        ADD COLUMN notice_next_at BIGINT,
        ADD COLUMN notice_claimed_until BIGINT,
        ADD COLUMN notice_error TEXT;
      CREATE INDEX release_events_notices_due ON release_events (notice_next_at) WHERE notice_state = 'pending';`,
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
  // The skew window (registry/skew/): each build a sent page may make the browser ask for (a
  // remote's version, or the shell's build id under remote 'shell') is kept at least until
  // `kept_until` (epoch milliseconds), whichever instance sent the page. Additive: a new table.
  {
    version: 12,
    sqlite: `
      CREATE TABLE build_references (
        remote TEXT NOT NULL,
        version TEXT NOT NULL,
        kept_until INTEGER NOT NULL,
        PRIMARY KEY (remote, version)
      );`,
    postgres: `
      CREATE TABLE build_references (
        remote TEXT NOT NULL,
        version TEXT NOT NULL,
        kept_until BIGINT NOT NULL,
        PRIMARY KEY (remote, version)
      );`,
  },
  // Builds and uploaded images in the database (ARTIFACTS=database, registry/artifacts/): files as
  // content-addressed blobs of chunks, and each build as the list of its paths. Additive: new tables.
  {
    version: 13,
    sqlite: artifactTables({ bigint: 'INTEGER', bytes: 'BLOB' }),
    postgres: artifactTables({ bigint: 'BIGINT', bytes: 'BYTEA' }),
  },
  // Who has an item open in the editor (editor/editor-presence.ts), refreshed every few seconds.
  { version: 15, sqlite: EDITOR_PRESENCE_TABLE, postgres: EDITOR_PRESENCE_TABLE },
  // Sign-in delays per account and client address, and one-time unlock links (editor/sign-in-throttle.ts).
  // The account-wide lock columns of migration 6 stay (the previous release reads them) but are no longer set.
  { version: 16, sqlite: EDITOR_SIGN_IN_TABLES, postgres: EDITOR_SIGN_IN_TABLES },
  // A release's action set to happen at a time (registry/schedule/): one per remote at most, carried
  // out once by whichever instance sees it due, in the commit that moves the registry (or records why
  // not). `base_revision` is the registry's revision when it was scheduled: a move by hand since makes
  // it wrong. `share` NULL promotes to every visitor. A new table: the previous release never reads it.
  { version: 18, ...RELEASE_SCHEDULES_TABLE },
  // What a team says of a release: its notes and the CI run that made it (the CLI's --notes and
  // --ci-url). Nullable columns: the previous release writes rows without them.
  {
    version: 19,
    sqlite: `
      ALTER TABLE remote_releases ADD COLUMN notes TEXT;
      ALTER TABLE remote_releases ADD COLUMN ci_url TEXT;`,
    postgres: `
      ALTER TABLE remote_releases ADD COLUMN notes TEXT, ADD COLUMN ci_url TEXT;`,
  },
  // Purges of the shared caches (api/src/edge/): written in the transaction of the change that makes
  // them, sent by a relay on every instance with a lease, like the outbox. Tags are space-separated;
  // `sent_to` names the caches that took the current pass, so a retry goes only to the others;
  // `passes` counts the passes every cache took (a purge is sent again once every instance has
  // followed the change). Times are epoch milliseconds.
  { version: 21, ...EDGE_PURGES_TABLE },
  // The guard's own evidence (db-migration-guard-tables.ts): contact posts joined to the page view that
  // sent them, and each client's timings on a canary's sides. New tables: the previous release never reads them.
  { version: 22, sqlite: LEAD_VIEWS_TABLE.replaceAll('BIGINT', 'INTEGER'), postgres: LEAD_VIEWS_TABLE },
  { version: 23, sqlite: RUM_CLIENT_TIMINGS_TABLE.replaceAll('BIGINT', 'INTEGER'), postgres: RUM_CLIENT_TIMINGS_TABLE },
  // Forgotten-password mails are counted per account from the audit (editor/account-help.ts): an
  // index, so the count stays a lookup however long the audit grows.
  {
    version: 24,
    sqlite: 'CREATE INDEX editor_audit_subject ON editor_audit (subject, action, at);',
    postgres: 'CREATE INDEX editor_audit_subject ON editor_audit (subject, action, at);',
  },
  // The shell build and the site's configuration each instance started with, so a deploy that changes
  // either purges the shared caches once (edge/deploy-purges.ts). A new table: the previous release never reads it.
  { version: 25, ...EDGE_DEPLOYED_TABLE },
  // Experiments on content items (db-migration-experiment-tables.ts). New tables: the previous release never reads them.
  { version: 26, sqlite: EXPERIMENT_TABLES.replaceAll('BIGINT', 'INTEGER'), postgres: EXPERIMENT_TABLES },
];
