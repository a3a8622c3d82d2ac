/**
 * A consistent copy of the SQLite database (leads, outbox, content, accounts, the release registry)
 * while the api keeps serving, through SQLite's online backup API; `npm run backup` puts it in its
 * archive (backup/backup-cli.ts). Copying the
 * file with cp, or opening it with another tool and letting that tool checkpoint, can miss the
 * writes still in the -wal file. The copy is a complete database of its own (no -wal needed), the
 * api user's alone. With DATABASE_URL the data lives in PostgreSQL: back it up with pg_dump.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allMigrations } from '../database/all-migrations';
import { openSqliteDatabase } from '../platform/db-connections';

/** Copies the database under `dataDir` to `target` (which must not exist). */
export async function backupSqlite(dataDir: string, target: string): Promise<void> {
  if (fs.existsSync(target)) throw new Error(`${target} exists already: name a new file`);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const handle = openSqliteDatabase(dataDir, allMigrations());
  try {
    // Page by page, letting the api write between steps; a write during the copy restarts the step.
    await handle.db.backup(target);
  } finally {
    handle.release();
  }
  fs.chmodSync(target, 0o600);
}
