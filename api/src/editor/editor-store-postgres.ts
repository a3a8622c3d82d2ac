/** The editor's store on PostgreSQL (DATABASE_URL): every api instance on the database shares it. */
import type { PostgresOptions } from '../platform/db-connections';
import { postgresRunner } from '../platform/sql-runner';
import { editorStoreOn, type EditorStore } from './editor-store';

export async function openPostgresEditorStore(url: string, options: PostgresOptions = {}): Promise<EditorStore> {
  return editorStoreOn(await postgresRunner(url, options));
}
