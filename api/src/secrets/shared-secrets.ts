/**
 * Secrets every instance on the database shares (the preview links' key, the page-view tokens' key),
 * each created once: of instances starting at the same moment the first caller's value wins and every
 * one reads it back. The SQL is the same on both databases (`$n` placeholders, ON CONFLICT).
 */
import type { DatabaseConnection } from '../platform/database';
import { runnerOn } from '../platform/sql-runner';

export interface SharedSecrets {
  /** The secret named `name`, made by `create` when no instance has made it yet. */
  get(name: string, create: () => string): Promise<string>;
  /** Nothing on the process's database (its owner closes it); a script's own database is closed. */
  close(): Promise<void>;
}

export function sharedSecretsOn(connection: DatabaseConnection): SharedSecrets {
  const runner = runnerOn(connection);
  return {
    async get(name, create) {
      const sql = 'INSERT INTO site_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING';
      await runner.transaction([{ sql, params: [name, create()] }]);
      const [row] = await runner.query<{ value: string }>('SELECT value FROM site_secrets WHERE name = $1', [name]);
      return row?.value ?? '';
    },
    close: () => runner.close(),
  };
}
