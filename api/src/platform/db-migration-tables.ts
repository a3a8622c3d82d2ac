/**
 * The longer table definitions of some migrations (db-migrations.ts), kept apart so the list of
 * migrations reads in one screen. Like the migrations themselves, never edit them once released.
 */
/** Content tables: the same in both dialects (times are ISO text, so they compare alike). */
export const CONTENT_TABLES = `
      CREATE TABLE content_items (
        uid TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        item_id TEXT NOT NULL,
        state TEXT NOT NULL,
        latest_revision INTEGER NOT NULL,
        live_revision INTEGER,
        live_id TEXT,
        scheduled_revision INTEGER,
        publish_at TEXT,
        updated_at TEXT NOT NULL,
        UNIQUE (kind, item_id),
        UNIQUE (kind, live_id)
      );
      CREATE INDEX content_items_due ON content_items (state, publish_at);
      CREATE TABLE content_revisions (
        uid TEXT NOT NULL REFERENCES content_items(uid),
        revision INTEGER NOT NULL,
        item_id TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        restored_from INTEGER,
        PRIMARY KEY (uid, revision)
      );
      CREATE TABLE content_redirects (
        kind TEXT NOT NULL,
        old_id TEXT NOT NULL,
        new_id TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (kind, old_id)
      );
      CREATE TABLE content_counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
      INSERT INTO content_counters (name, value) VALUES ('live_revision', 0), ('seeded', 0);`;
export const contentAudit = (id: string) => `
      CREATE TABLE content_audit (
        id ${id},
        uid TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        kind TEXT NOT NULL,
        item_id TEXT NOT NULL,
        before TEXT,
        after TEXT,
        at TEXT NOT NULL
      );
      CREATE INDEX content_audit_item ON content_audit (uid, id);`;

/**
 * The editor's people (editor/): accounts (e-mail in lower case, argon2id hash, the failed sign-ins
 * in a row and the lock, kept here so every instance counts them), sessions and one-time
 * set-password tokens (both kept as SHA-256 only), and the audit of sign-ins, lockouts, password
 * changes and sign-outs.
 */
export const editorTables = (id: string) => `
      CREATE TABLE editor_accounts (
        email TEXT PRIMARY KEY,
        role TEXT NOT NULL,
        password_hash TEXT,
        failed_attempts INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE editor_sessions (
        id_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES editor_accounts(email) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      );
      CREATE INDEX editor_sessions_email ON editor_sessions (email);
      CREATE TABLE editor_password_tokens (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES editor_accounts(email) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX editor_password_tokens_email ON editor_password_tokens (email);
      CREATE TABLE editor_audit (
        id ${id},
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT NOT NULL,
        at TEXT NOT NULL
      );`;

/** The page-view ledger and the per-client counts of the canary's sides (migration 10). */
export const RUM_VIEW_TABLES = `
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
/** Who has which content item open in the editor: one row per person and item, refreshed by the open screen. */
export const EDITOR_PRESENCE_TABLE = `
      CREATE TABLE editor_presence (
        kind TEXT NOT NULL,
        item_id TEXT NOT NULL,
        email TEXT NOT NULL,
        since TEXT NOT NULL,
        seen_at TEXT NOT NULL,
        PRIMARY KEY (kind, item_id, email)
      );`;

/**
 * Failed sign-ins per e-mail (as typed, known or not) and client address, with the time before which
 * that pair must wait; and the one-time unlock links mailed to an account's owner (SHA-256 only).
 */
export const EDITOR_SIGN_IN_TABLES = `
      CREATE TABLE editor_sign_in_failures (
        email TEXT NOT NULL,
        address TEXT NOT NULL,
        failures INTEGER NOT NULL,
        last_failed_at TEXT NOT NULL,
        wait_until TEXT,
        PRIMARY KEY (email, address)
      );
      CREATE INDEX editor_sign_in_failures_age ON editor_sign_in_failures (last_failed_at);
      CREATE TABLE editor_unlock_tokens (
        token_hash TEXT PRIMARY KEY,
        email TEXT NOT NULL REFERENCES editor_accounts(email) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );`;

/** Builds and images in the database (migration 13), in a dialect's integer and byte types. */
export const artifactTables = (types: { bigint: string; bytes: string }) => `
      CREATE TABLE artifact_blobs (hash TEXT PRIMARY KEY, size ${types.bigint} NOT NULL, chunks INTEGER NOT NULL, created_at ${types.bigint} NOT NULL);
      CREATE TABLE artifact_chunks (hash TEXT NOT NULL, seq INTEGER NOT NULL, data ${types.bytes} NOT NULL, PRIMARY KEY (hash, seq));
      CREATE TABLE artifact_builds (remote TEXT NOT NULL, version TEXT NOT NULL, stored_at ${types.bigint} NOT NULL, PRIMARY KEY (remote, version));
      CREATE TABLE artifact_build_files (
        remote TEXT NOT NULL, version TEXT NOT NULL, path TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (remote, version, path)
      );
      CREATE INDEX artifact_build_files_hash ON artifact_build_files (hash);
      CREATE INDEX artifact_build_files_path ON artifact_build_files (remote, path);`;

/** A release's action set for a time (migration 18), in a dialect's time type. */
export const RELEASE_SCHEDULES_TABLE = {
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

/** Purges of the shared caches (migration 21), in a dialect's key and integer types. */
export const EDGE_PURGES_TABLE = {
  sqlite: `
      CREATE TABLE edge_purges (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        tags TEXT NOT NULL,
        soft_tags TEXT NOT NULL DEFAULT '',
        reason TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER,
        claimed_until INTEGER,
        sent_to TEXT NOT NULL DEFAULT '',
        passes INTEGER NOT NULL DEFAULT 0,
        sent_at INTEGER,
        error TEXT
      );
      CREATE INDEX edge_purges_open ON edge_purges (state, next_at);`,
  postgres: `
      CREATE TABLE edge_purges (
        id BIGSERIAL PRIMARY KEY,
        tags TEXT NOT NULL,
        soft_tags TEXT NOT NULL DEFAULT '',
        reason TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        state TEXT NOT NULL DEFAULT 'pending',
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at BIGINT,
        claimed_until BIGINT,
        sent_to TEXT NOT NULL DEFAULT '',
        passes INTEGER NOT NULL DEFAULT 0,
        sent_at BIGINT,
        error TEXT
      );
      CREATE INDEX edge_purges_open ON edge_purges (state, next_at);`,
};

/** The shell build and site configuration last started with (edge/deploy-purges.ts); one row per name. */
const edgeDeployedTable = (bigint: string) => `
      CREATE TABLE edge_deployed (
        name TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        recorded_at ${bigint} NOT NULL
      );`;
export const EDGE_DEPLOYED_TABLE = { sqlite: edgeDeployedTable('INTEGER'), postgres: edgeDeployedTable('BIGINT') };
