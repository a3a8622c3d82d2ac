/**
 * The registry's schema migrations: the registry row per remote, its releases and release events
 * (with the canary's columns and the guard's notices), the release schedules. Migration 2 also made
 * site_secrets, the process's shared secrets: it stays here, the registry owning most of it. Never
 * edit a released migration: add the next one.
 */
import type { Migration } from '../platform/db-connections';

/** A release's action set for a time (migration 18), in a dialect's time type. */
const RELEASE_SCHEDULES_TABLE = {
  sqlite: `
      CREATE TABLE release_schedules (
        remote TEXT PRIMARY KEY,
        id TEXT NOT NULL,
        version TEXT NOT NULL,
        share INTEGER,
        due_at TEXT NOT NULL,
        base_revision INTEGER NOT NULL,
        actor TEXT NOT NULL,
        git_sha TEXT,
        created_at TEXT NOT NULL
      );`,
  postgres: `
      CREATE TABLE release_schedules (
        remote TEXT PRIMARY KEY,
        id TEXT NOT NULL,
        version TEXT NOT NULL,
        share INTEGER,
        due_at TIMESTAMPTZ NOT NULL,
        base_revision INTEGER NOT NULL,
        actor TEXT NOT NULL,
        git_sha TEXT,
        created_at TIMESTAMPTZ NOT NULL
      );`,
};

export const REGISTRY_MIGRATIONS: readonly Migration[] = [
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
  // Canary releases (releases/canary/): a version served to a share of visitors beside the current
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
  // The guard's notices to the team (releases/canary/guard-notices.ts): a decision's release event
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
  // A release's action set to happen at a time (releases/schedule/): one per remote at most, carried
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
];
