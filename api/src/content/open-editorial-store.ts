import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import type { EditorialStore } from './editorial-store';
import { postgresEditorialStore } from './editorial-store-postgres';
import { sqliteEditorialStore } from './editorial-store-sqlite';

/** The content on the process's database (the database module's). */
export const editorialStoreOn = (connection: DatabaseConnection): EditorialStore =>
  connection.kind === 'postgres' ? postgresEditorialStore(connection.pool) : sqliteEditorialStore(connection.db);

/** For a script: content in the database the leads use (PostgreSQL with DATABASE_URL, else the SQLite file). */
export async function openEditorialStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<EditorialStore> {
  return onOwnDatabase(config, editorialStoreOn);
}
