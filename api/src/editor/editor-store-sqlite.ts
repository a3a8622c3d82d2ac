/** The editor's store in the embedded SQLite file, on the one shared connection of this process. */
import type Database from 'better-sqlite3';
import { bindPositional, openSqliteDatabase, preparedStatements, whileBusy } from '../platform/db-connections';
import { editorStoreOn, Unchanged, type EditorStore, type Statement } from './editor-store';

const bind = bindPositional;

export function openSqliteEditorStore(dataDir: string): EditorStore {
  const handle = openSqliteDatabase(dataDir);
  const db: Database.Database = handle.db;
  const prepared = preparedStatements(db);
  const apply = db.transaction((list: Statement[]) => {
    for (const { sql, params, mustChange } of list) {
      if (prepared(sql).run(bind(params)).changes === 0 && mustChange) throw new Unchanged();
    }
  });
  return editorStoreOn({
    kind: 'sqlite',
    async query<T>(sql: string, params: unknown[]) {
      const statement = prepared(sql);
      // A write that answers rows (UPDATE ... RETURNING) may meet another process's lock.
      return statement.readonly ? (statement.all(bind(params)) as T[]) : whileBusy(() => statement.all(bind(params)) as T[]);
    },
    async transaction(list) {
      try {
        // IMMEDIATE takes the write lock first, so the checks and the writes see the same state.
        await whileBusy(() => apply.immediate(list));
        return true;
      } catch (error) {
        if (error instanceof Unchanged) return false;
        throw error;
      }
    },
    isUniqueViolation: (error) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String((error as { code?: string }).code)),
    close: async () => handle.release(),
  });
}
