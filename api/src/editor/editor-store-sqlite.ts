/** The editor's store in the embedded SQLite file, on the one shared connection of this process. */
import { sqliteRunner } from '../database/own-database';
import { editorStoreOn, type EditorStore } from './editor-store';

export function openSqliteEditorStore(dataDir: string): EditorStore {
  return editorStoreOn(sqliteRunner(dataDir));
}
