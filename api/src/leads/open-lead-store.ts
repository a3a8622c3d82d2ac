import type { AppConfig } from '../app-config';
import type { LeadStore } from './lead-store';
import { openPostgresStore } from './lead-store-postgres';
import { openSqliteStore } from './lead-store-sqlite';

/** PostgreSQL when DATABASE_URL is set, else the SQLite file under DATA_DIR; migrations run here. */
export async function openLeadStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<LeadStore> {
  return config.databaseUrl ? openPostgresStore(config.databaseUrl) : openSqliteStore(config.dataDir);
}
