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

/** The SQLite file under `dataDir`, migrated. WAL lets a CLI read while the server writes. */
export function openSqliteDatabase(dataDir: string): Database.Database {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  // Leads are personal data: the file is the api user's alone (SQLite creates its -wal and -shm files
  // with the database file's mode). A file an older version left world-readable is narrowed too.
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  fs.chmodSync(file, 0o600);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // Every commit synced: an acknowledged lead or release survives a killed process or a power cut.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrateSqlite(db);
  return db;
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
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).finally(() => admin.end());
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  await migratePostgres(pool);
  return pool;
}
