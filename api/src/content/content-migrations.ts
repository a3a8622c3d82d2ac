/** The content module's schema migrations. Never edit a released migration: add the next one. */
import type { Migration } from '../platform/db-connections';

/** Content tables: the same in both dialects (times are ISO text, so they compare alike). */
const CONTENT_TABLES = `
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
const contentAudit = (id: string) => `
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

export const CONTENT_MIGRATIONS: readonly Migration[] = [
  // Content as data (content/): items with their editorial state, every revision, the old paths of
  // renamed items, an audit of every action and the counter each instance polls. Times are ISO text
  // in both dialects, so publish_at compares the same way everywhere.
  {
    version: 4,
    sqlite: CONTENT_TABLES + contentAudit('INTEGER PRIMARY KEY AUTOINCREMENT'),
    postgres: CONTENT_TABLES + contentAudit('BIGSERIAL PRIMARY KEY'),
  },
];
