/** The edge module's schema migrations (purges of the shared caches). Never edit a released migration: add the next one. */
import type { Migration } from '../platform/db-connections';

/** Purges of the shared caches (migration 21), in a dialect's key and integer types. */
const EDGE_PURGES_TABLE = {
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
const EDGE_DEPLOYED_TABLE = { sqlite: edgeDeployedTable('INTEGER'), postgres: edgeDeployedTable('BIGINT') };

export const EDGE_MIGRATIONS: readonly Migration[] = [
  // Purges of the shared caches (api/src/edge/): written in the transaction of the change that makes
  // them, sent by a relay on every instance with a lease, like the outbox. Tags are space-separated;
  // `sent_to` names the caches that took the current pass, so a retry goes only to the others;
  // `passes` counts the passes every cache took (a purge is sent again once every instance has
  // followed the change). Times are epoch milliseconds.
  { version: 21, ...EDGE_PURGES_TABLE },
  // The shell build and the site's configuration each instance started with, so a deploy that changes
  // either purges the shared caches once (edge/deploy-purges.ts). A new table: the previous release never reads it.
  { version: 25, ...EDGE_DEPLOYED_TABLE },
];
