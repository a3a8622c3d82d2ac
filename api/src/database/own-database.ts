/**
 * A database of its own for what runs outside the app (scripts, CLIs, benches, tests): opened and
 * migrated with every module's migrations (all-migrations.ts), closed with the store built on it.
 */
import { onDatabaseMigratedWith, onSqliteMigratedWith, openDatabase, type Closable } from '../platform/database';
import type { DatabaseConnection, DatabaseTarget, OpenedDatabase, SqliteConnection } from '../platform/database';
import type { PostgresOptions } from '../platform/db-connections';
import { runnerOn, type SqlRunner } from '../platform/sql-runner';
import { allMigrations } from './all-migrations';

/** The database `target` names, migrated; its `close()` is the caller's. */
export const openOwnDatabase = (target: DatabaseTarget): Promise<OpenedDatabase> => openDatabase(target, allMigrations());

/** A store on a database of its own, which the store's `close()` closes after the store's own. */
export const onOwnDatabase = <S extends Closable>(target: DatabaseTarget, build: (connection: DatabaseConnection) => S | Promise<S>) =>
  onDatabaseMigratedWith(allMigrations(), target, build);

/** `onOwnDatabase` on the SQLite file under `dataDir`, synchronously (SQLite opens so). */
export const onOwnSqlite = <S extends Closable>(dataDir: string, build: (connection: SqliteConnection) => S): S =>
  onSqliteMigratedWith(allMigrations(), dataDir, build);

/** A runner (platform/sql-runner.ts) on a database of its own. */
export const sqliteRunner = (dataDir: string): SqlRunner => onOwnSqlite(dataDir, runnerOn);
export const postgresRunner = (url: string, options: PostgresOptions = {}): Promise<SqlRunner> =>
  onOwnDatabase({ databaseUrl: url, ...options }, runnerOn);
