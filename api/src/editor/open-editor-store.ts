import type { AppConfig } from '../app-config';
import type { EditorStore } from './editor-store';
import { openPostgresEditorStore } from './editor-store-postgres';
import { openSqliteEditorStore } from './editor-store-sqlite';

/** The editor's people in the database the leads use: PostgreSQL with DATABASE_URL, else the SQLite file. */
export async function openEditorStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<EditorStore> {
  return config.databaseUrl ? openPostgresEditorStore(config.databaseUrl) : openSqliteEditorStore(config.dataDir);
}
