import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import type { EditorialStore } from './editorial-store';
import { runnerOn } from '../platform/sql-runner';
import { editorialStoreOnRunner } from './editorial-sql';

/** The content on the process's database (the database module's). */
export const editorialStoreOn = (connection: DatabaseConnection): EditorialStore => editorialStoreOnRunner(runnerOn(connection));

/** For a script: content in the database the leads use (PostgreSQL with DATABASE_URL, else the SQLite file). */
export async function openEditorialStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<EditorialStore> {
  return onOwnDatabase(config, editorialStoreOn);
}
