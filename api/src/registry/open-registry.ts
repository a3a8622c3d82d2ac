import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase, onOwnSqlite } from '../database/own-database';
import type { PostgresOptions } from '../platform/db-connections';
import { runnerOn } from '../platform/sql-runner';
import type { RegistryStore } from './registry-store';
import { registryOn } from './registry-sql';

/** The registry on the process's database (the database module's). */
export const registryStoreOn = (connection: DatabaseConnection): RegistryStore => registryOn(runnerOn(connection));

/** For a script: the registry in the database the leads use (PostgreSQL with DATABASE_URL, else the SQLite file). */
export async function openRegistryStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<RegistryStore> {
  return onOwnDatabase(config, registryStoreOn);
}

/** On a hold of its own on the SQLite file (scripts, tests): its close() lets go of it. */
export const openSqliteRegistry = (dataDir: string): RegistryStore => onOwnSqlite(dataDir, registryStoreOn);

/** On a PostgreSQL database of its own (scripts, tests): its close() ends the pool. */
export const openPostgresRegistry = (url: string, options: PostgresOptions = {}): Promise<RegistryStore> =>
  onOwnDatabase({ databaseUrl: url, ...options }, registryStoreOn);
