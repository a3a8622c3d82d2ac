import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import type { RegistryStore } from './registry-store';
import { postgresRegistry } from './registry-store-postgres';
import { sqliteRegistry } from './registry-store-sqlite';

/** The registry on the process's database (the database module's). */
export const registryStoreOn = (connection: DatabaseConnection): RegistryStore =>
  connection.kind === 'postgres' ? postgresRegistry(connection.pool) : sqliteRegistry(connection.db);

/** For a script: the registry in the database the leads use (PostgreSQL with DATABASE_URL, else the SQLite file). */
export async function openRegistryStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<RegistryStore> {
  return onOwnDatabase(config, registryStoreOn);
}
