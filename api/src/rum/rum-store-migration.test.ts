/**
 * The migration that adds the route to the aggregates keeps every count stored before it (under the
 * route ''), keeps the minute index, and leaves the readers' sums as they were; on SQLite and (when
 * TEST_DATABASE_URL is set) PostgreSQL.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describeEachDatabase, type TestDatabase } from '../../test/databases';
import { onOwnDatabase } from '../platform/database';
import { SQLITE_FILE_NAME } from '../platform/db-connections';
import { MIGRATIONS } from '../platform/db-migrations';
import { rumStoreOn } from './rum-store';

/** The migration that brought routes in: the database below is left just before it. */
const ROUTES_MIGRATION = 8;
const before = MIGRATIONS.filter((m) => m.version < ROUTES_MIGRATION);
const OLD_ROWS = `INSERT INTO rum_counts (minute, section, version, metric, device, bucket, count) VALUES
  (100, 'mf_invest', '1.0.0', 'views', 'phone', 0, 7),
  (100, 'mf_invest', '1.0.0', 'lcp', 'phone', 40, 5)`;

/** What a test reads back of the migrated database: the indexes of rum_counts (its key's aside). */
type Indexes = () => Promise<string[]>;

/** The SQLite file under `dataDir` migrated up to just before routes, holding OLD_ROWS. */
function oldSqlite(dataDir: string): Indexes {
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  // Written and closed before the api's shared connection opens the file: no lock of it to drop.
  const old = new Database(file);
  old.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  for (const m of before) {
    old.exec(m.sqlite);
    old.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(m.version, new Date().toISOString());
  }
  old.exec(OLD_ROWS);
  old.close();
  return async () => {
    const db = new Database(file, { readonly: true });
    try {
      return db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rum_counts' AND sql IS NOT NULL")
        .pluck()
        .all() as string[];
    } finally {
      db.close();
    }
  };
}

/** The same on the PostgreSQL schema `url` works in. */
async function oldPostgres(url: string): Promise<Indexes> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)');
    for (const m of before) {
      await client.query(m.postgres);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [m.version]);
    }
    await client.query(OLD_ROWS);
  } finally {
    await client.end();
  }
  return async () => {
    const reader = new pg.Client({ connectionString: url });
    await reader.connect();
    try {
      const { rows } = await reader.query<{ indexname: string }>(
        "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'rum_counts' AND indexname NOT LIKE '%pkey'",
      );
      return rows.map((r) => r.indexname);
    } finally {
      await reader.end();
    }
  };
}

/** A database migrated up to just before routes, holding OLD_ROWS; then the store opened on it (migrating the rest). */
async function migratedFromOld(database: TestDatabase) {
  const { target, drop } = await database.fresh();
  const indexes = target.databaseUrl ? await oldPostgres(target.databaseUrl) : oldSqlite(target.dataDir);
  const rum = await onOwnDatabase(target, rumStoreOn);
  return { rum, indexes, cleanup: drop };
}

describeEachDatabase('rum_counts routes migration', 'rum_migration', (database) => {
  it("keeps the counts stored before routes, under the route '', and the minute index", async () => {
    const db = await migratedFromOld(database);
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
