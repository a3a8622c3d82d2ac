/**
 * The databases the api runs on, for suites that run on each: SQLite always, PostgreSQL where
 * TEST_DATABASE_URL names a server (each call a fresh schema of its own); where it is not set, the
 * PostgreSQL cases show as skipped with how to run them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DatabaseConnection, type DatabaseTarget } from '../src/platform/database';
import { onOwnDatabase } from '../src/database/own-database';
import { dropSchema, freshSchema, freshSchemaUrl, TEST_DATABASE_URL } from './postgres';

/** A database of its own for stores opened outside an app (`onOwnDatabase(target, ...)`). */
export interface FreshDatabase {
  /** Always a data directory of its own; on PostgreSQL, a DATABASE_URL in a schema of its own too (app settings as they are). */
  target: Pick<DatabaseTarget, 'databaseUrl'> & { dataDir: string };
  /** Drops the schema, or removes the data directory. */
  drop(): Promise<void>;
}

export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL';
  /** The settings of a fresh database: none for SQLite (its file is in the app's own DATA_DIR), DATABASE_URL for PostgreSQL. */
  env(): Promise<Record<string, string>>;
  /** A fresh database for stores opened by the test itself. */
  fresh(): Promise<FreshDatabase>;
}

const freshDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-db-'));
const removed = (dataDir: string) => async () => fs.rmSync(dataDir, { recursive: true, force: true });

function testDatabases(schemaPrefix: string): TestDatabase[] {
  const sqlite: TestDatabase = {
    name: 'SQLite',
    env: async () => ({}),
    fresh: async () => {
      const dataDir = freshDataDir();
      return { target: { dataDir }, drop: removed(dataDir) };
    },
  };
  const server = TEST_DATABASE_URL;
  if (!server) return [sqlite];
  const postgres: TestDatabase = {
    name: 'PostgreSQL',
    env: async () => ({ DATABASE_URL: await freshSchemaUrl(schemaPrefix) }),
    fresh: async () => {
      const { url, schema } = await freshSchema(schemaPrefix, server);
      const dataDir = freshDataDir();
      return {
        target: { databaseUrl: url, dataDir },
        drop: async () => {
          await dropSchema(server, schema);
          await removed(dataDir)();
        },
      };
    },
  };
  const databases = [sqlite, postgres];
  return databases;
}

/** `describe(title + ' on SQLite')` and `... on PostgreSQL`, `body` given the database; schemas are named from `schemaPrefix`. */
export function describeEachDatabase(title: string, schemaPrefix: string, body: (database: TestDatabase) => void): void {
  describe.each(testDatabases(schemaPrefix))(`${title} on $name`, body);
  if (!TEST_DATABASE_URL)
    describe(`${title} on PostgreSQL`, () => {
      it.skip('SKIPPED: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run these cases on PostgreSQL', () =>
        undefined);
    });
}

/** Two stores on one fresh database, each with a connection of its own, as two api instances hold them. */
export async function twoInstances<S extends { close(): Promise<void> }>(
  database: TestDatabase,
  build: (connection: DatabaseConnection) => S,
): Promise<{ stores: [S, S]; drop(): Promise<void> }> {
  const { target, drop } = await database.fresh();
  return { stores: [await onOwnDatabase(target, build), await onOwnDatabase(target, build)], drop };
}

/** A store on a fresh database of its own, and how to drop the database once the store is closed. */
export async function storeOnFresh<S extends { close(): Promise<void> }>(
  database: TestDatabase,
  build: (connection: DatabaseConnection) => S,
): Promise<{ store: S; drop(): Promise<void> }> {
  const { target, drop } = await database.fresh();
  return { store: await onOwnDatabase(target, build), drop };
}
