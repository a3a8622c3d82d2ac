/**
 * The process's one database: one PostgreSQL pool (DATABASE_URL) or the one SQLite connection (the
 * file under DATA_DIR), migrated once when opened. The app's stores are built on the connection the
 * database module opens; a script opens its own through `onOwnDatabase` (database/own-database.ts),
 * so both go through `openDatabase` and nothing else opens a pool. The migrations to run are the
 * caller's: the modules declare them, and platform/ knows no module.
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { openPostgresPool, openSqliteDatabase, type Migration } from './db-connections';

/** What a store is built on. SQLite keeps its synchronous transactions (the lock story needs them). */
export type DatabaseConnection = { kind: 'sqlite'; db: Database.Database } | { kind: 'postgres'; pool: pg.Pool };

export interface DatabaseTarget {
  /** PostgreSQL when set, else the SQLite file under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** PostgreSQL only: the schema to work in (created when missing); tests use a fresh one. */
  schema?: string | undefined;
}

export interface OpenedDatabase {
  connection: DatabaseConnection;
  /** Ends the pool, or lets go of this hold on the shared SQLite connection. */
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget, migrations: readonly Migration[]): Promise<OpenedDatabase> {
  if (target.databaseUrl) {
    const pool = await openPostgresPool(target.databaseUrl, migrations, target.schema ? { schema: target.schema } : {});
    return { connection: { kind: 'postgres', pool }, close: () => pool.end() };
  }
  if (!target.dataDir) throw new Error('A database needs DATABASE_URL or a data directory');
  return openSqlite(target.dataDir, migrations);
}

export type SqliteConnection = Extract<DatabaseConnection, { kind: 'sqlite' }>;

function openSqlite(dataDir: string, migrations: readonly Migration[]): OpenedDatabase & { connection: SqliteConnection } {
  const handle = openSqliteDatabase(dataDir, migrations);
  return { connection: { kind: 'sqlite', db: handle.db }, close: async () => handle.release() };
}

/**
 * For a script or a test outside the app: a store on a database of its own, which its `close()`
 * closes after the store's own. Called through `onOwnDatabase` (database/own-database.ts), which
 * passes every module's migrations.
 */
export async function onDatabaseMigratedWith<S extends Closable>(
  migrations: readonly Migration[],
  target: DatabaseTarget,
  build: (connection: DatabaseConnection) => S | Promise<S>,
): Promise<S> {
  const database = await openDatabase(target, migrations);
  try {
    return owning(database, await build(database.connection));
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** `onDatabaseMigratedWith` on the SQLite file under `dataDir`, synchronously (SQLite opens so). */
export function onSqliteMigratedWith<S extends Closable>(
  migrations: readonly Migration[],
  dataDir: string,
  build: (connection: SqliteConnection) => S,
): S {
  const database = openSqlite(dataDir, migrations);
  try {
    return owning(database, build(database.connection));
  } catch (error) {
    void database.close();
    throw error;
  }
}

export interface Closable {
  close(): Promise<void>;
}

function owning<S extends Closable>(database: OpenedDatabase, store: S): S {
  const closeStore = store.close.bind(store);
  if (database.connection.kind === 'sqlite') {
    // Let go at once, as a SQLite store always has: a caller that does not wait for close() and opens
    // the file again gets a fresh connection (which narrows a world-readable file, for one).
    store.close = () => {
      const closed = closeStore();
      void database.close();
      return closed;
    };
    return store;
  }
  store.close = async () => {
    try {
      await closeStore();
    } finally {
      await database.close();
    }
  };
  return store;
}

/** The pool of a PostgreSQL connection, for a store written for PostgreSQL only. */
export function poolOf(connection: DatabaseConnection): pg.Pool {
  if (connection.kind !== 'postgres') throw new Error('This store needs PostgreSQL (DATABASE_URL)');
  return connection.pool;
}
