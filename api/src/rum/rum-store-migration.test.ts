/**
 * The migration that adds the route to the aggregates keeps every count stored before it (under the
 * route ''), keeps the minute index, and leaves the readers' sums as they were; on SQLite and (when
 * TEST_DATABASE_URL is set) PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { dropSchema, uniqueSchemaName } from '../../test/postgres';
import { SQLITE_FILE_NAME } from '../platform/db-connections';
import { allMigrations } from '../database/all-migrations';
import type { RumStore } from './rum-store';
import { openPostgresRumStore } from './rum-store-postgres';
import { openSqliteRumStore } from './rum-store-sqlite';

/** The migration that brought routes in: the database below is left just before it. */
const ROUTES_MIGRATION = 8;
const before = allMigrations().filter((m) => m.version < ROUTES_MIGRATION);
const OLD_ROWS = `INSERT INTO rum_counts (minute, section, version, metric, device, bucket, count) VALUES
  (100, 'mf_invest', '1.0.0', 'views', 'phone', 0, 7),
  (100, 'mf_invest', '1.0.0', 'lcp', 'phone', 40, 5)`;

interface Backend {
  name: string;
  /** A database migrated up to just before routes, holding OLD_ROWS; then the store opened on it (migrating the rest). */
  migratedFromOld(): Promise<{ rum: RumStore; indexes(): Promise<string[]>; cleanup(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'SQLite',
    migratedFromOld: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-rum-migration-'));
      // Written and closed before the api's shared connection opens the file: no lock of it to drop.
      const old = new Database(path.join(dir, SQLITE_FILE_NAME));
      old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
      for (const m of before) {
        old.exec(m.sqlite);
        old.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(m.version, new Date().toISOString());
      }
      old.exec(OLD_ROWS);
      old.close();
      const rum = openSqliteRumStore(dir);
      return {
        rum,
        indexes: async () => {
          const db = new Database(path.join(dir, SQLITE_FILE_NAME), { readonly: true });
          try {
            return db
              .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rum_counts' AND sql IS NOT NULL")
              .pluck()
              .all() as string[];
          } finally {
            db.close();
          }
        },
        cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) {
  backends.push({
    name: 'PostgreSQL',
    migratedFromOld: async () => {
      const schema = uniqueSchemaName('rum_migration');
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
        await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)');
        for (const m of before) {
          await client.query(m.postgres);
          await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [m.version]);
        }
        await client.query(OLD_ROWS);
      } finally {
        await client.end();
      }
      const rum = await openPostgresRumStore(pgUrl, { schema });
      return {
        rum,
        indexes: async () => {
          const reader = new pg.Client({ connectionString: pgUrl });
          await reader.connect();
          try {
            const { rows } = await reader.query<{ indexname: string }>(
              "SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = 'rum_counts' AND indexname NOT LIKE '%pkey'",
              [schema],
            );
            return rows.map((r) => r.indexname);
          } finally {
            await reader.end();
          }
        },
        cleanup: () => dropSchema(pgUrl, schema),
      };
    },
  });
} else {
  describe('rum_counts routes migration on PostgreSQL', () => {
    it.skip('SKIPPED: set TEST_DATABASE_URL to run this suite on PostgreSQL', () => undefined);
  });
}

describe.each(backends)('rum_counts routes migration on $name', (backend) => {
  it("keeps the counts stored before routes, under the route '', and the minute index", async () => {
    const db = await backend.migratedFromOld();
    try {
      const totals = await db.rum.totals(0, 'mf_invest');
      expect(totals.map((t) => [t.metric, t.bucket, t.count]).sort()).toEqual([
        ['lcp', 40, 5],
        ['views', 0, 7],
      ]);
      expect((await db.rum.routeTotals(0, 'mf_invest')).every((t) => t.route === '')).toBe(true);
      // New counts of the same minute on a route add to the old ones in the readers' sums.
      await db.rum.add([
        { minute: 100, section: 'mf_invest', version: '1.0.0', route: '/invest', metric: 'views', device: 'phone', bucket: 0, count: 2 },
      ]);
      expect((await db.rum.totals(0, 'mf_invest')).find((t) => t.metric === 'views')?.count).toBe(9);
      expect(await db.indexes()).toEqual(['rum_counts_minute']);
    } finally {
      await db.rum.close();
      await db.cleanup();
    }
  });
});
