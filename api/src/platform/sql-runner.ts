/**
 * One small interface over both databases for stores whose SQL is the same in both dialects (`$n`
 * placeholders): the editor's store and the experiments'. SQLite runs on the process's one shared
 * connection, writes waiting out another process's lock between event-loop turns (whileBusy).
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { DatabaseConnection } from './database';
import { bindPositional, inTransaction, preparedStatements, whileBusy } from './db-connections';

/** A statement; `mustChange` when the transaction stands only if it touched a row. */
export interface Statement {
  sql: string;
  params: unknown[];
  mustChange?: boolean;
}

/** What a database must offer a store. */
export interface SqlRunner {
  kind: 'sqlite' | 'postgres';
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
  /** Runs the statements in one transaction: false (and nothing written) when a `mustChange` one touched no row. */
  transaction(statements: Statement[]): Promise<boolean>;
  /** Whether `error` is a unique or primary key violation. */
  isUniqueViolation(error: unknown): boolean;
  /** Nothing on the process's database (its owner closes it); a script's own database is closed. */
  close(): Promise<void>;
}

/** A runner on the process's database. */
export function runnerOn(connection: DatabaseConnection): SqlRunner {
  return connection.kind === 'sqlite' ? sqliteRunnerOn(connection.db) : postgresRunnerOn(connection.pool);
}

/** Thrown inside a transaction to roll it back when a statement that must change a row did not. */
class Unchanged extends Error {}

function sqliteRunnerOn(db: Database.Database): SqlRunner {
  const prepared = preparedStatements(db);
  const apply = db.transaction((list: Statement[]) => {
    for (const { sql, params, mustChange } of list) {
      if (prepared(sql).run(bindPositional(params)).changes === 0 && mustChange) throw new Unchanged();
    }
  });
  return {
    kind: 'sqlite',
    async query<T>(sql: string, params: unknown[]) {
      const statement = prepared(sql);
      // A write that answers rows (UPDATE ... RETURNING) may meet another process's lock.
      return statement.readonly
        ? (statement.all(bindPositional(params)) as T[])
        : whileBusy(() => statement.all(bindPositional(params)) as T[]);
    },
    async transaction(list) {
      try {
        // IMMEDIATE takes the write lock first, so the checks and the writes see the same state.
        await whileBusy(() => apply.immediate(list));
        return true;
      } catch (error) {
        if (error instanceof Unchanged) return false;
        throw error;
      }
    },
    isUniqueViolation: (error) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String((error as { code?: string }).code)),
    close: async () => undefined,
  };
}

function postgresRunnerOn(pool: pg.Pool): SqlRunner {
  return {
    kind: 'postgres',
    async query(sql, params) {
      return (await pool.query(sql, params)).rows;
    },
    async transaction(list) {
      try {
        await inTransaction(pool, async (client) => {
          for (const { sql, params, mustChange } of list) {
            if ((await client.query(sql, params)).rowCount === 0 && mustChange) throw new Unchanged();
          }
        });
        return true;
      } catch (error) {
        if (error instanceof Unchanged) return false;
        throw error;
      }
    },
    isUniqueViolation: (error) => (error as { code?: string }).code === '23505',
    close: async () => undefined,
  };
}
