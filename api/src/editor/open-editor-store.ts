import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import { runnerOn } from '../platform/sql-runner';
import { editorStoreOn, type EditorStore } from './editor-store';

/** The editor's people on the process's database (the database module's). */
export const editorStoreOnDatabase = (connection: DatabaseConnection): EditorStore => editorStoreOn(runnerOn(connection));

/** For a script: the editor's people in the database the leads use (PostgreSQL with DATABASE_URL, else the SQLite file). */
export async function openEditorStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<EditorStore> {
  return onOwnDatabase(config, editorStoreOnDatabase);
}
