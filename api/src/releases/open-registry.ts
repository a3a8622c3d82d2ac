import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase, onOwnSqlite } from '../database/own-database';
import type { PostgresOptions } from '../platform/db-connections';
import { runnerOn } from '../platform/sql-runner';
import type { RegistryCommitStatements } from './commit-statements';
import type { RegistryStore } from './registry-store';
import { registryOn } from './registry-sql';

/** The registry on the process's database (the database module's); `added` runs in every commit. */
export const registryStoreOn = (connection: DatabaseConnection, added?: RegistryCommitStatements): RegistryStore =>
  registryOn(runnerOn(connection), added);

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

/** On a hold of its own on the SQLite file (scripts, tests): its close() lets go of it. */
export const openSqliteRegistry = (dataDir: string, added?: RegistryCommitStatements): RegistryStore =>
  onOwnSqlite(dataDir, (connection) => registryStoreOn(connection, added));

/** On a PostgreSQL database of its own (scripts, tests): its close() ends the pool. */
export const openPostgresRegistry = (url: string, options: PostgresOptions = {}): Promise<RegistryStore> =>
  onOwnDatabase({ databaseUrl: url, ...options }, (connection) => registryStoreOn(connection));
