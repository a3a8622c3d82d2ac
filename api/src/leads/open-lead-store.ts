import type { AppConfig } from '../app-config';
import { onOwnDatabase, onOwnSqlite, type DatabaseConnection } from '../platform/database';
import { runnerOn } from '../platform/sql-runner';
import type { LeadStore } from './lead-store';
import { leadStoreOnRunner } from './lead-sql';

/** The lead store on the process's database (the database module's). */
export const leadStoreOn = (connection: DatabaseConnection): LeadStore => leadStoreOnRunner(runnerOn(connection));

/** For a script: PostgreSQL when DATABASE_URL is set, else the SQLite file under DATA_DIR; migrations run here. */
export async function openLeadStore(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<LeadStore> {
  return onOwnDatabase(config, leadStoreOn);
}

/** On a hold of its own on the SQLite file (scripts, tests): its close() lets go of it. */
export const openSqliteStore = (dataDir: string): LeadStore => onOwnSqlite(dataDir, leadStoreOn);
