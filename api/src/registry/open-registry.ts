import type { AppConfig } from '../app-config';
import { onOwnDatabase, type DatabaseConnection } from '../platform/database';
import type { RegistryCommitStatements } from './commit-statements';
import type { RegistryStore } from './registry-store';
import { postgresRegistry } from './registry-store-postgres';
import { sqliteRegistry } from './registry-store-sqlite';

/** The registry on the process's database (the database module's); `added` runs in every commit. */
export const registryStoreOn = (connection: DatabaseConnection, added?: RegistryCommitStatements): RegistryStore =>
  connection.kind === 'postgres' ? postgresRegistry(connection.pool, added) : sqliteRegistry(connection.db, added);

/**
 * For a script: the registry in the database the leads use (PostgreSQL with DATABASE_URL, else the
 * SQLite file), with what the modules add to every commit (`script-stores.ts` says which).
 */
export async function openRegistryStore(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>,
  added?: RegistryCommitStatements,
): Promise<RegistryStore> {
  return onOwnDatabase(config, (connection) => registryStoreOn(connection, added));
}
