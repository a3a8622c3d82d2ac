import type { AppConfig } from '../app-config';
import { type DatabaseConnection } from '../platform/database';
import { onOwnDatabase } from '../database/own-database';
import type { LeadStore } from './lead-store';
import { postgresLeadStore } from './lead-store-postgres';
import { sqliteLeadStore } from './lead-store-sqlite';

/** The lead store on the process's database (the database module's). */
export const leadStoreOn = (connection: DatabaseConnection): LeadStore =>
  connection.kind === 'postgres' ? postgresLeadStore(connection.pool) : sqliteLeadStore(connection.db);

/** For a script: PostgreSQL when DATABASE_URL is set, else the SQLite file under DATA_DIR; migrations run here. */
export async function openLeadStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<LeadStore> {
  return onOwnDatabase(config, leadStoreOn);
}
