/**
 * Opening the database the api keeps its state in: the SQLite file under DATA_DIR by default,
 * PostgreSQL with DATABASE_URL. Leads and the remote registry share it, so one backup holds both and
 * several api instances on one PostgreSQL share the registry. Migrations run on every open and are
 * safe when several processes open at the same moment.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { MIGRATIONS } from './db-migrations';
import { isSqliteBusy } from './store-unavailable';

export const SQLITE_FILE_NAME = 'leads.sqlite';

function migrateSqlite(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const isApplied = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').pluck();
  for (const migration of MIGRATIONS) {
    // Checked inside the write transaction: another connection may have applied it meanwhile.
    db.transaction(() => {
      if (isApplied.get(migration.version)) return;
      db.exec(migration.sqlite);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(migration.version, new Date().toISOString());
    }).immediate();
  }
}

/**
 * One connection per database file per process, shared by the lead store and the registry.
 * SQLite's locks are POSIX advisory locks, and POSIX drops every lock a process holds on a file when
 * the process closes ANY descriptor of that file. A second descriptor opened and closed behind
 * SQLite's back (a `touch` of the file, or a second connection's close) silently released the api's
 * shared lock: another client (the sqlite3 CLI, a backup) then believed it was the last connection,
 * checkpointed and deleted the -wal and -shm files, and the api went on writing acknowledged leads
 * into deleted files. So the file is only ever opened by the one connection below, and closed when
 * its last user lets go.
 */
interface SharedConnection {
  db: Database.Database;
  users: number;
}
const connections = new Map<string, SharedConnection>();

/** A user's hold on the shared connection: `db`, and `release()` once it is done with it. */
export interface SqliteHandle {
  readonly db: Database.Database;
  release(): void;
}

function openConnection(file: string): Database.Database {
  // Leads are personal data: the file is the api user's alone (SQLite creates its -wal and -shm files
  // with the database file's mode). Touching the file here is safe only because this process holds no
  // connection to it yet, so no lock of its own that closing this descriptor could drop. A file an
  // older version left world-readable is narrowed with chmod, which opens no descriptor.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Every commit synced: an acknowledged lead or release survives a killed process or a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // better-sqlite3 waits for a lock synchronously, stalling every request meanwhile: SQLite itself
  // waits only briefly, and writes that must wait longer do so between event-loop turns (whileBusy).
  // Migrations run before the process serves anyone, so they may wait for the lock the long way.
  db.pragma(`busy_timeout = ${SQLITE_WRITE_WAIT_MS}`);
  migrateSqlite(db);
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return db;
}

const SQLITE_BUSY_TIMEOUT_MS = 50;
/** How long a write waits for another process's write lock before it is refused (503, Retry-After). */
export const SQLITE_WRITE_WAIT_MS = 5000;

/**
 * Runs a synchronous write, trying again every few milliseconds while another process (a backup, a
 * script holding BEGIN IMMEDIATE) has the write lock, for at most `waitMs`; then SQLITE_BUSY is
 * thrown and the caller refuses the write. The event loop stays free meanwhile.
 */
export async function whileBusy<T>(write: () => T, waitMs = SQLITE_WRITE_WAIT_MS): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return write();
    } catch (error) {
      if (!isSqliteBusy(error) || Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The SQLite file under `dataDir`, migrated, shared with every other user in this process. */
export function openSqliteDatabase(dataDir: string): SqliteHandle {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(fs.realpathSync(dataDir), SQLITE_FILE_NAME);
  let shared = connections.get(file);
  if (!shared || !shared.db.open) {
    shared = { db: openConnection(file), users: 0 };
    connections.set(file, shared);
  }
  shared.users += 1;
  const connection = shared;
  let released = false;
  return {
    db: connection.db,
    release() {
      if (released) return;
      released = true;
      connection.users -= 1;
      if (connection.users > 0) return;
      if (connections.get(file) === connection) connections.delete(file);
      if (connection.db.open) connection.db.close();
    },
  };
}

export interface PostgresOptions {
  /** Schema to work in (created when missing); tests use a fresh one per run. Default: the server's search_path. */
  schema?: string;
}

const MIGRATION_LOCK = 7_202_501;

export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function migratePostgres(pool: pg.Pool): Promise<void> {
  // The advisory lock makes instances starting together apply each migration once.
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [migration.version]);
    }
  });
}

/** A pool on `url` (in `schema` when given), migrated. */
export async function openPostgresPool(url: string, options: PostgresOptions = {}): Promise<pg.Pool> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Two instances creating the same schema at once: IF NOT EXISTS can still lose the race inside
    // PostgreSQL's catalog (a unique violation); the schema is there either way.
    await admin
      .query(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
      .catch((error: { code?: string }) => {
        if (error.code !== '23505' && error.code !== '42P06') throw error;
      })
      .finally(() => admin.end());
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  await migratePostgres(pool);
  return pool;
}

/**
 * better-sqlite3 binds names, not `$n`: a store's `$1` becomes `@p1`, bound from { p1: ... }. SQLite
 * has no boolean either: true and false are stored as 1 and 0 (PostgreSQL's BOOLEAN columns take them).
 */
export const bindPositional = (params: readonly unknown[]) =>
  Object.fromEntries(params.map((value, i) => [`p${i + 1}`, typeof value === 'boolean' ? Number(value) : value]));

/**
 * Prepares SQL written for both databases (`$n` placeholders) once per connection, so the stores that
 * share their SQL with PostgreSQL run it on SQLite without preparing a statement on every call.
 */
export function preparedStatements(db: Database.Database): (sql: string) => Database.Statement {
  const statements = new Map<string, Database.Statement>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      // Statements built for a number of rows (multi-row inserts, IN lists) differ by that number:
      // the oldest prepared goes first, so a long-running process keeps a bounded set.
      if (statements.size >= MAX_PREPARED) statements.delete(statements.keys().next().value!);
      statements.set(sql, (statement = db.prepare(sql.replace(/\$(\d+)/g, '@p$1'))));
    }
    return statement;
  };
}

const MAX_PREPARED = 500;
