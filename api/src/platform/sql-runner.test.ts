/**
 * One store code on both databases: a transaction written as steps reads what it wrote, rolls back
 * whole when it throws, and gets a statement's error inside itself (to name it anew); a named lock
 * answers 'busy' to a second holder where the database has such locks (PostgreSQL).
 */
import { describeEachDatabase, type FreshDatabase } from '../../test/databases';
import { onOwnDatabase } from './database';
import { runnerOn, type SqlRunner } from './sql-runner';
import { changes, firstRow } from './sql-steps';

const INSERT = 'INSERT INTO site_secrets (name, value) VALUES ($1, $2)';
const values = async (runner: SqlRunner) =>
  (await runner.query<{ name: string; value: string }>('SELECT name, value FROM site_secrets ORDER BY name', [])).map(
    (r) => `${r.name}=${r.value}`,
  );

describeEachDatabase('the SQL runner', 'sql_runner_test', (database) => {
  let fresh: FreshDatabase;
  let runner: SqlRunner;
  beforeEach(async () => {
    fresh = await database.fresh();
    runner = await onOwnDatabase(fresh.target, runnerOn);
  });
  afterEach(async () => {
    await runner.close();
    await fresh.drop();
  });

  it('runs later statements on what an earlier one of the same transaction wrote', async () => {
    const seen = await runner.steps(function* () {
      yield* changes(INSERT, ['a', '1']);
      const row = yield* firstRow<{ value: string }>('SELECT value FROM site_secrets WHERE name = $1', ['a']);
      yield* changes(INSERT, ['b', `${row?.value}+1`]);
      return row?.value;
    });
    expect(seen).toBe('1');
    expect(await values(runner)).toEqual(['a=1', 'b=1+1']);
  });

  it('writes nothing of a transaction that throws, and hands a statement’s error to the body', async () => {
    await runner.run(INSERT, ['a', '1']);
    const attempt = runner.steps(function* () {
      yield* changes(INSERT, ['b', '2']);
      try {
        yield* changes(INSERT, ['a', 'again']);
      } catch (error) {
        throw new Error(runner.isUniqueViolation(error) ? 'a is taken' : String(error));
      }
    });
    await expect(attempt).rejects.toThrow('a is taken');
    expect(await values(runner)).toEqual(['a=1']);
  });

  it('tells a second holder of a named lock that it is busy where the database has such locks', async () => {
    const other = await onOwnDatabase(fresh.target, runnerOn);
    try {
      const inner = await runner.whileLocked('sql-runner-test', () => other.whileLocked('sql-runner-test', async () => 'ran'));
      // SQLite has one writer per file and no such lock: the decision is the revision checks' instead.
      expect(inner).toBe(database.name === 'PostgreSQL' ? 'busy' : 'ran');
    } finally {
      await other.close();
    }
  });
});
