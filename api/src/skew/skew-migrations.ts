/** The skew window's schema migration. Never edit a released migration: add the next one. */
import type { Migration } from '../platform/db-connections';

export const SKEW_MIGRATIONS: readonly Migration[] = [
  // The skew window (skew/): each build a sent page may make the browser ask for (a
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
];
