/**
 * The leads module's schema migrations: the leads, their outbox, their attribution and the page view
 * each contact post came from. Never edit a released migration: add the next one (next to the
 * module that owns its tables) and list nothing else anywhere: `database/all-migrations.ts` has the modules.
 */
import type { Migration } from '../platform/db-connections';

/**
 * One row per page view that sent the contact form: `stored` when the lead store committed the lead
 * (written in the lead's own transaction, `lead_id` the lead), `failed` when the api answered that
 * view's post with an error. The view's id is the key, so a view counts once (a stored lead replaces
 * an earlier failure of the same view). Section, version, route and client come from the view's
 * signed token, never from the post.
 */
const LEAD_VIEWS_TABLE = `
      CREATE TABLE lead_views (
        view_id TEXT PRIMARY KEY,
        minute BIGINT NOT NULL,
        section TEXT NOT NULL,
        version TEXT NOT NULL,
        route TEXT NOT NULL,
        client TEXT NOT NULL,
        outcome TEXT NOT NULL,
        lead_id TEXT
      );
      CREATE INDEX lead_views_section_minute ON lead_views (section, minute);`;

export const LEADS_MIGRATIONS: readonly Migration[] = [
  // The contact form's leads and the outbox each is relayed to its channels from.
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
  // Lead attribution: where the visit came from, one nullable column per field
  // (lead-store.ts ATTRIBUTION_COLUMNS). Leads from before have none.
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
  // The guard's own evidence: contact posts joined to the page view that sent them (written in the lead's
  // own transaction; the canary guard reads them). A new table: the previous release never reads it.
  { version: 22, sqlite: LEAD_VIEWS_TABLE.replaceAll('BIGINT', 'INTEGER'), postgres: LEAD_VIEWS_TABLE },
];
