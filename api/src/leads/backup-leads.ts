/**
 * `npm run leads:backup [-- <file>]`: a consistent copy of the SQLite database (leads, outbox and the
 * release registry) while the api keeps serving, through SQLite's online backup API. Copying the
 * file with cp, or opening it with another tool and letting that tool checkpoint, can miss the
 * writes still in the -wal file. The copy is a complete database of its own (no -wal needed), the
 * api user's alone. With DATABASE_URL the data lives in PostgreSQL: back it up with pg_dump.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadConfig } from '../platform/config';
import { openSqliteDatabase } from '../platform/db-connections';

/** Copies the database under `dataDir` to `target` (which must not exist); resolves with the lead count copied. */
export async function backupSqlite(dataDir: string, target: string): Promise<number> {
  if (fs.existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const handle = openSqliteDatabase(dataDir);
  try {
    // Page by page, letting the api write between steps; a write during the copy restarts the step.
    await handle.db.backup(target);
  } finally {
    handle.release();
  }
  fs.chmodSync(target, 0o600);
  return countLeads(target);
}

function countLeads(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT COUNT(*) FROM leads').pluck().get() as number;
  } finally {
    db.close();
  }
}

const defaultTarget = (dataDir: string) => path.join(dataDir, 'backups', `leads-${new Date().toISOString().replace(/[:.]/g, '-')}.sqlite`);

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) throw new Error('DATABASE_URL is set: the leads are in PostgreSQL; back them up with pg_dump');
  // npm runs the script inside api/: a relative file is where the user typed the command.
  const arg = process.argv[2];
  const target = arg ? path.resolve(process.env.INIT_CWD || process.cwd(), arg) : defaultTarget(config.dataDir);
  const leads = await backupSqlite(config.dataDir, target);
  console.log(`Backed up ${leads} leads to ${target}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`leads:backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
