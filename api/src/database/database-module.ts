/**
 * The process's one database, for every module's stores: one PostgreSQL pool (DATABASE_URL) or the
 * one SQLite connection (DATA_DIR), opened and migrated once, on first use, with every module's
 * migrations as the kernel merged them. It stops last, after every module built on it (they all depend on it).
 */
import { defineAppModule } from '../app-context';
import { openDatabase, type DatabaseConnection, type OpenedDatabase } from '../platform/database';

export const databaseModule = defineAppModule({
  name: 'database',
  build: ({ config, migrations }) => {
    let opened: Promise<OpenedDatabase> | undefined;
    const database = async (): Promise<DatabaseConnection> => (await (opened ??= openDatabase(config, migrations))).connection;
    return {
      provides: { database },
      async stop() {
        // A database that never opened has nothing to close.
        const held = await opened?.catch(() => undefined);
        await held?.close();
      },
    };
  },
});
