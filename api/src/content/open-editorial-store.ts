import type { AppConfig } from '../app-config';
import type { EditorialStore } from './editorial-store';
import { openPostgresEditorialStore } from './editorial-store-postgres';
import { openSqliteEditorialStore } from './editorial-store-sqlite';

/** Content in the database the leads use: PostgreSQL with DATABASE_URL, else the SQLite file. */
export async function openEditorialStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<EditorialStore> {
  return config.databaseUrl ? openPostgresEditorialStore(config.databaseUrl) : openSqliteEditorialStore(config.dataDir);
}
