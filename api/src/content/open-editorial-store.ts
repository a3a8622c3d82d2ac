import type { AppConfig } from '../app-config';
import { onOwnDatabase, type DatabaseConnection } from '../platform/database';
import type { ContentCommitStatements, EditorialStore } from './editorial-store';
import { postgresEditorialStore } from './editorial-store-postgres';
import { sqliteEditorialStore } from './editorial-store-sqlite';

/** The content on the process's database (the database module's); `added` runs in every change. */
export const editorialStoreOn = (connection: DatabaseConnection, added?: ContentCommitStatements): EditorialStore =>
  connection.kind === 'postgres' ? postgresEditorialStore(connection.pool, added) : sqliteEditorialStore(connection.db, added);

/**
 * For a script: content in the database the leads use (PostgreSQL with DATABASE_URL, else the SQLite
 * file), with what the modules add to every change (`script-stores.ts` says which).
 */
export async function openEditorialStore(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  added?: ContentCommitStatements,
): Promise<EditorialStore> {
  return onOwnDatabase(config, (connection) => editorialStoreOn(connection, added));
}
