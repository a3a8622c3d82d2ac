import type { AppConfig } from '../app-config';
import type { RegistryStore } from './registry-store';
import { openPostgresRegistry } from './registry-store-postgres';
import { openSqliteRegistry } from './registry-store-sqlite';

/** The registry in the database the leads use: PostgreSQL with DATABASE_URL, else the SQLite file. */
export async function openRegistryStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<RegistryStore> {
  return config.databaseUrl ? openPostgresRegistry(config.databaseUrl) : openSqliteRegistry(config.dataDir);
}
