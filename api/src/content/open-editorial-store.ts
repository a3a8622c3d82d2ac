import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import type { ContentCommitStatements, EditorialStore } from './editorial-store';
import { runnerOn } from '../platform/sql-runner';
import { editorialStoreOnRunner } from './editorial-sql';

/** The content on the process's database (the database module's); `added` runs in every change. */
export const editorialStoreOn = (connection: DatabaseConnection, added?: ContentCommitStatements): EditorialStore =>
  editorialStoreOnRunner(runnerOn(connection), added);

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
