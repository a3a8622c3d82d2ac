/**
 * A full disk, as the api's SQLite file meets it: its own (shared) connection is capped at the pages
 * the file has, so every insert that needs a new page fails with SQLITE_FULL. Returns the undo.
 */
import { allMigrations } from '../src/database/all-migrations';
import { openSqliteDatabase } from '../src/platform/db-connections';

/** SQLite's own largest max_page_count: in effect, no cap. */
const NO_CAP = 4294967294;

export function fillDisk(dataDir: string): () => void {
  const handle = openSqliteDatabase(dataDir, allMigrations());
  handle.db.pragma(`max_page_count = ${handle.db.pragma('page_count', { simple: true }) as number}`);
  return () => {
    handle.db.pragma(`max_page_count = ${NO_CAP}`);
    handle.release();
  };
}
