/**
 * The databases the api runs on, for suites that run on each: SQLite always, PostgreSQL where
 * TEST_DATABASE_URL names a server (each call a fresh schema of its own); where it is not set, the
 * PostgreSQL cases show as skipped with how to run them.
 */
import { freshSchemaUrl, TEST_DATABASE_URL } from './postgres';

export interface TestDatabase {
  name: 'SQLite' | 'PostgreSQL';
  /** The settings of a fresh database: none for SQLite (its file is in the app's own DATA_DIR), DATABASE_URL for PostgreSQL. */
  env(): Promise<Record<string, string>>;
}

function testDatabases(schemaPrefix: string): TestDatabase[] {
  const databases: TestDatabase[] = [{ name: 'SQLite', env: async () => ({}) }];
  if (TEST_DATABASE_URL) databases.push({ name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await freshSchemaUrl(schemaPrefix) }) });
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
