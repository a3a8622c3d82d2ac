/**
 * One small interface over both databases, for every store: the SQL is written once (`$n`
 * placeholders), and what really differs between the dialects (locks, SKIP LOCKED, how a transaction
 * is held) stays here. SQLite runs on the process's one shared connection, its transactions
 * synchronous and IMMEDIATE, writes waiting out another process's lock between event-loop turns
 * (whileBusy).
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { onOwnDatabase, onOwnSqlite, type DatabaseConnection } from './database';
import { bindPositional, inTransaction, preparedStatements, whileBusy, type PostgresOptions } from './db-connections';
import { changes, drive, driveSync, type Step, type Steps } from './sql-steps';

/** A statement; `mustChange` when the transaction stands only if it touched a row. */
export interface Statement {
  sql: string;
  params: unknown[];
  mustChange?: boolean;
}

/** Runs transaction bodies (sql-steps.ts) in the transaction `whileLocked` holds. */
type StepsWriter = <R>(body: () => Steps<R>) => Promise<R>;

/** What a database must offer a store. */
export interface SqlRunner {
  kind: 'sqlite' | 'postgres';
  query<T>(sql: string, params: unknown[]): Promise<T[]>;
  /** Runs one statement answering no rows; the number of rows it changed. */
  run(sql: string, params: unknown[]): Promise<number>;
  /** Runs the statements in one transaction: false (and nothing written) when a `mustChange` one touched no row. */
  transaction(statements: Statement[]): Promise<boolean>;
  /** Runs a body (sql-steps.ts) in one transaction, rolled back when it throws; its result. */
  steps<T>(body: () => Steps<T>): Promise<T>;
  /** Runs a body of reads only outside a transaction (SQLite: synchronously, so nothing in this process writes between them). */
  read<T>(body: () => Steps<T>): Promise<T>;
  /**
   * Runs `work` while this caller holds the lock `key` across every instance, or answers 'busy' at
   * once when another holds it. PostgreSQL: a transaction advisory lock, `write` running its bodies
   * in that same transaction, committed when `work` ends. SQLite has one writer per file and no such
   * lock: each `write` is a transaction of its own.
   */
  whileLocked<T>(key: string, work: (write: StepsWriter) => Promise<T>): Promise<T | 'busy'>;
  /** Follows the SELECT of a claim: PostgreSQL skips rows another claim holds; SQLite's one writer needs nothing. */
  readonly skipLocked: string;
  /** Throws unless a write could be taken now (SQLite: the write lock within a second's reach). */
  ready(): Promise<void>;
  /** Whether `error` is a unique or primary key violation. */
  isUniqueViolation(error: unknown): boolean;
  /** Nothing on the process's database (its owner closes it); a script's own database is closed. */
  close(): Promise<void>;
}

/** A runner on the process's database. */
export function runnerOn(connection: DatabaseConnection): SqlRunner {
  return connection.kind === 'sqlite' ? sqliteRunnerOn(connection.db) : postgresRunnerOn(connection.pool);
}

/** A runner on a database of its own (scripts, tests). */
export const sqliteRunner = (dataDir: string): SqlRunner => onOwnSqlite(dataDir, runnerOn);
export const postgresRunner = (url: string, options: PostgresOptions = {}): Promise<SqlRunner> =>
  onOwnDatabase({ databaseUrl: url, ...options }, runnerOn);

/** A read's step: anything else is a body meant for a transaction. */
function readOnly(step: Step): Extract<Step, { sql: string }> {
  if ('lock' in step || step.answer !== 'rows') throw new Error('Only reads run outside a transaction');
  return step;
}

/** Thrown inside a transaction to roll it back when a statement that must change a row did not. */
class Unchanged extends Error {}

/** `transaction` on `steps`: the statements in order, rolled back when a `mustChange` one changed nothing. */
async function runAll(steps: SqlRunner['steps'], list: Statement[]): Promise<boolean> {
  try {
    await steps(function* () {
      for (const { sql, params, mustChange } of list) if ((yield* changes(sql, params)) === 0 && mustChange) throw new Unchanged();
    });
    return true;
  } catch (error) {
    if (error instanceof Unchanged) return false;
    throw error;
  }
}

function sqliteRunnerOn(db: Database.Database): SqlRunner {
  const prepared = preparedStatements(db);
  const answer = (step: Step) => {
    // The IMMEDIATE transaction holds the file's one write lock: a named lock adds nothing.
    if ('lock' in step) return undefined;
    const statement = prepared(step.sql);
    return step.answer === 'rows' ? statement.all(bindPositional(step.params)) : statement.run(bindPositional(step.params)).changes;
  };
  const apply = db.transaction((body: Steps<unknown>) => driveSync(body, answer));
  // IMMEDIATE takes the write lock first, so the reads and the writes see the same state.
  const steps = <T>(body: () => Steps<T>) => whileBusy(() => apply.immediate(body()) as T);
  return {
    kind: 'sqlite',
    async query<T>(sql: string, params: unknown[]) {
      const statement = prepared(sql);
      // A write that answers rows (UPDATE ... RETURNING) may meet another process's lock.
      return statement.readonly
        ? (statement.all(bindPositional(params)) as T[])
        : whileBusy(() => statement.all(bindPositional(params)) as T[]);
    },
    run: (sql, params) => whileBusy(() => prepared(sql).run(bindPositional(params)).changes),
    transaction: (list) => runAll(steps, list),
    steps,
    read: async (body) =>
      driveSync(body(), (step) => {
        const { sql, params } = readOnly(step);
        return prepared(sql).all(bindPositional(params));
      }),
    whileLocked: (_key, work) => work(steps),
    skipLocked: '',
    async ready() {
      await whileBusy(() => db.transaction(() => undefined).immediate(), 1000);
    },
    isUniqueViolation: (error) => /^SQLITE_CONSTRAINT_(UNIQUE|PRIMARYKEY)$/.test(String((error as { code?: string }).code)),
    close: async () => undefined,
  };
}

function postgresRunnerOn(pool: pg.Pool): SqlRunner {
  const answerOn = (client: pg.PoolClient) => async (step: Step) => {
    if ('lock' in step) return void (await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [step.lock]));
    const result = await client.query(step.sql, step.params);
    return step.answer === 'rows' ? result.rows : (result.rowCount ?? 0);
  };
  const steps = <T>(body: () => Steps<T>) => inTransaction(pool, (client) => drive(body(), answerOn(client)));
  return {
    kind: 'postgres',
    async query(sql, params) {
      return (await pool.query(sql, params)).rows;
    },
    async run(sql, params) {
      return (await pool.query(sql, params)).rowCount ?? 0;
    },
    transaction: (list) => runAll(steps, list),
    steps,
    read: (body) =>
      drive(body(), async (step) => {
        const { sql, params } = readOnly(step);
        return (await pool.query(sql, params)).rows;
      }),
    whileLocked: (key, work) =>
      inTransaction(pool, async (client) => {
        // Not waiting: another instance holding it now is this call's answer.
        const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [key]);
        if (!rows[0]?.locked) return 'busy' as const;
        return work((body) => drive(body(), answerOn(client)));
      }),
    skipLocked: 'FOR UPDATE SKIP LOCKED',
    async ready() {
      await pool.query('SELECT 1');
    },
    isUniqueViolation: (error) => (error as { code?: string }).code === '23505',
    close: async () => undefined,
  };
}
