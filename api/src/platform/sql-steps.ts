/**
 * A transaction whose later statements depend on what it read, written once for both databases: a
 * generator that yields each step (`yield* rows(...)`, `yield* changes(...)`, `yield* lock(...)`) and
 * is given its answer. The runner drives it synchronously inside one better-sqlite3 IMMEDIATE
 * transaction (the lock story needs SQLite's transactions synchronous: nothing else runs on the
 * connection meanwhile), and step by step on one PostgreSQL client. A body can only reach the
 * database through its steps, so it never queries the pool while holding a transaction's client.
 */

/** One step: a statement answering its rows or the number of rows it changed, or a named lock. */
export type Step = { sql: string; params: unknown[]; answer: 'rows' | 'changes' } | { lock: string };

/** A transaction's body; its return value is the transaction's. */
export type Steps<T> = Generator<Step, T, unknown>;

/** The rows a statement answers. */
export function* rows<T>(sql: string, params: unknown[] = []): Steps<T[]> {
  return (yield { sql, params, answer: 'rows' }) as T[];
}

/** The first row a statement answers, if any. */
export function* firstRow<T>(sql: string, params: unknown[] = []): Steps<T | undefined> {
  return (yield* rows<T>(sql, params))[0];
}

/** Runs a statement that answers no rows; the number of rows it changed. */
export function* changes(sql: string, params: unknown[] = []): Steps<number> {
  return (yield { sql, params, answer: 'changes' }) as number;
}

/**
 * Holds the lock named `key` until the transaction ends: PostgreSQL's transaction advisory lock; on
 * SQLite nothing, since the IMMEDIATE transaction already holds the file's one write lock.
 */
export function* lock(key: string): Steps<void> {
  yield { lock: key };
}

/** Drives a body to its end, `answer` giving each step's answer synchronously (SQLite). */
export function driveSync<T>(body: Steps<T>, answer: (step: Step) => unknown): T {
  let next = body.next();
  while (!next.done) {
    const step = next.value;
    next = settle(() => ({ value: answer(step) }), body);
  }
  return next.value;
}

/** Drives a body to its end, awaiting each step's answer (PostgreSQL). */
export async function drive<T>(body: Steps<T>, answer: (step: Step) => Promise<unknown>): Promise<T> {
  let next = body.next();
  while (!next.done) {
    const answered = await answer(next.value).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    next = settle(() => answered, body);
  }
  return next.value;
}

/** Gives the body its step's answer, or throws the step's error inside it (where the body may name it anew). */
function settle<T>(answered: () => { value: unknown } | { error: unknown }, body: Steps<T>): IteratorResult<Step, T> {
  let outcome: { value: unknown } | { error: unknown };
  try {
    outcome = answered();
  } catch (error) {
    outcome = { error };
  }
  return 'error' in outcome ? body.throw(outcome.error) : body.next(outcome.value);
}
