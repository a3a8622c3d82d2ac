/**
 * A fresh PostgreSQL schema for a suite that runs the api against PostgreSQL, on the server that
 * TEST_DATABASE_URL names (`.ci/run` sets it; on these machines postgres://postgres@127.0.0.1:5432/test).
 * Suites skip with a clear message where it is not set.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Creates a schema of its own on `server` (TEST_DATABASE_URL by default) and returns a DATABASE_URL that works in it. */
export async function freshSchemaUrl(prefix: string, server = TEST_DATABASE_URL): Promise<string> {
  return (await freshSchema(prefix, server)).url;
}

/** `freshSchemaUrl`, with the schema's name (to drop it). */
export async function freshSchema(prefix: string, server = TEST_DATABASE_URL): Promise<{ url: string; schema: string }> {
  if (!server) throw new Error('TEST_DATABASE_URL is not set');
  // Random, not the time: two schemas made within one millisecond must not collide.
  const schema = uniqueSchemaName(prefix).toLowerCase();
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`).finally(() => client.end());
  const url = new URL(server);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { url: url.toString(), schema };
}

/** A schema name no other run or test uses, for `openPostgresPool(url, { schema })`. */
export const uniqueSchemaName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/** Removes a test's schema and everything in it. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end());
}
