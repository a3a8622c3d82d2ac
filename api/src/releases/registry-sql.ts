/**
 * The registry's SQL, written once for SQLite and PostgreSQL (platform/sql-runner.ts). A change is
 * one transaction under its remote's lock (PostgreSQL's advisory lock; SQLite's IMMEDIATE write
 * lock), and every write checks what it relies on itself: the revision in the UPDATE's WHERE clause,
 * the first registry row and the one schedule per remote by their keys (ON CONFLICT DO NOTHING,
 * counted), so two racing commits cannot both stand.
 */
import type { RemoteName } from '@cardlift/contracts';
import type { SqlRunner } from '../platform/sql-runner';
import { changes, firstRow, lock, rows, type Steps } from '../platform/sql-steps';
import { NO_STATEMENTS, type RegistryCommitStatements } from './commit-statements';
import { assertValidChange, RegistryConflict, type RegistryChange, type RegistryStore, type RemoteState } from './registry-store';
import {
  canaryFromRow,
  canaryValues,
  eventFromRow,
  noticeValues,
  RELEASE_ORDER_SQL,
  releaseFromRow,
  SCHEDULE_COLUMNS,
  scheduleFromRow,
  scheduleValues,
  SERVED_BEFORE_SQL,
  servedBefore,
  servingFromRows,
  UPSERT_RELEASE_SQL,
  type CanaryRow,
  type EventRow,
  type ReleaseRow,
  type ScheduleRow,
} from './registry-rows';
import { assertConsistent } from './registry-invariants';

/**
 * One lock per remote for the transaction's length, taken by every commit and every folder removal:
 * a row lock could not cover a remote's first release, which has no registry row yet.
 */
const lockRemote = (remote: RemoteName) => lock(`cardlift-registry:${remote}`);

/** Checks the revision and writes the change, in the caller's transaction (under the remote's lock). */
function* apply(change: RegistryChange, added: RegistryCommitStatements): Steps<void> {
  yield* lockRemote(change.remote);
  const registry = yield* firstRow<{ revision: number }>('SELECT revision FROM remote_registry WHERE remote = $1', [change.remote]);
  if ((registry?.revision ?? 0) !== change.expectedRevision) throw new RegistryConflict(change.remote);
  change.precondition?.();
  // What dependents add to this commit (commit-statements.ts), in its transaction.
  const before = yield* firstRow<{ version: string; canary_version: string | null }>(SERVED_BEFORE_SQL, [change.remote]);
  for (const { sql, params } of added({ change, before: servedBefore(before) })) yield* changes(sql, params);
  if (change.current !== undefined) {
    const at = new Date().toISOString();
    // Both statements check and write in one step: of two racing commits only one matches.
    const moved =
      change.expectedRevision === 0
        ? yield* changes(
            'INSERT INTO remote_registry (remote, version, revision, updated_at) VALUES ($1, $2, 1, $3) ON CONFLICT (remote) DO NOTHING',
            [change.remote, change.current, at],
          )
        : yield* changes(
            'UPDATE remote_registry SET version = $1, revision = revision + 1, updated_at = $4 WHERE remote = $2 AND revision = $3',
            [change.current, change.remote, change.expectedRevision, at],
          );
    if (moved !== 1) throw new RegistryConflict(change.remote);
  }
  if (change.canary !== undefined) {
    yield* changes('UPDATE remote_registry SET canary_version = $1, canary_share = $2, canary_since = $3 WHERE remote = $4', [
      ...canaryValues(change.canary),
      change.remote,
    ]);
  }
  for (const r of change.upsert) {
    yield* changes(
      `INSERT INTO remote_releases (remote, version, state, position, created_at, created_by, git_sha, rolled_back_at, notes, ci_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ${UPSERT_RELEASE_SQL}`,
      [r.remote, r.version, r.state, r.position, r.createdAt, r.createdBy, r.gitSha, r.rolledBackAt, r.notes ?? null, r.ciUrl ?? null],
    );
  }
  for (const e of change.events) {
    yield* changes(
      `INSERT INTO release_events (remote, action, version, from_version, actor, git_sha, at, details, notice_state, notice_body, notice_next_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [e.remote, e.action, e.version, e.fromVersion, e.actor, e.gitSha, e.at, e.details ?? null, ...noticeValues(e)],
    );
  }
  yield* writeSchedule(change);
  yield* checkInvariants(change.remote);
}

/** Sets or clears the remote's scheduled action; clearing one that is gone, or setting a second, is a conflict (another instance did). */
function* writeSchedule(change: RegistryChange): Steps<void> {
  const { schedule } = change;
  if (!schedule) return;
  const written =
    'clear' in schedule
      ? yield* changes('DELETE FROM release_schedules WHERE remote = $1 AND id = $2', [change.remote, schedule.clear])
      : // One per remote: the key refuses a second.
        yield* changes(
          `INSERT INTO release_schedules (${SCHEDULE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (remote) DO NOTHING`,
          scheduleValues(schedule.set),
        );
  if (written !== 1) throw new RegistryConflict(change.remote);
}

/** The registry's invariants (registry-invariants.ts), read back inside the change's transaction. */
function* checkInvariants(remote: RemoteName): Steps<void> {
  const registry = yield* firstRow<{ version: string; canary_version: string | null }>(
    'SELECT version, canary_version FROM remote_registry WHERE remote = $1',
    [remote],
  );
  const stored = yield* rows<{ version: string }>('SELECT version FROM remote_releases WHERE remote = $1', [remote]);
  const scheduled = yield* firstRow<{ version: string }>('SELECT version FROM release_schedules WHERE remote = $1', [remote]);
  assertConsistent(remote, {
    current: registry?.version ?? null,
    canary: registry?.canary_version ?? null,
    scheduled: scheduled?.version ?? null,
    stored: new Set(stored.map((r) => r.version)),
  });
}

/** A remote's registry row, releases and schedule. */
function* readState(remote: RemoteName): Steps<RemoteState> {
  const row = yield* firstRow<CanaryRow & { version: string; revision: number }>('SELECT * FROM remote_registry WHERE remote = $1', [
    remote,
  ]);
  const releases = yield* rows<ReleaseRow>(`SELECT * FROM remote_releases WHERE remote = $1 ${RELEASE_ORDER_SQL}`, [remote]);
  const schedule = yield* firstRow<ScheduleRow>('SELECT * FROM release_schedules WHERE remote = $1', [remote]);
  return {
    current: row?.version ?? null,
    revision: row?.revision ?? 0,
    canary: canaryFromRow(row),
    releases: releases.map(releaseFromRow),
    scheduled: scheduleFromRow(schedule),
  };
}

/** The registry on `runner`'s database, which its owner closes; `added` runs in every commit. */
export function registryOn(runner: SqlRunner, added: RegistryCommitStatements = NO_STATEMENTS): RegistryStore {
  /** A unique violation is a race another commit won: told as the conflict it is. */
  const conflictsNamed = async <T>(remote: RemoteName, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (runner.isUniqueViolation(error)) throw new RegistryConflict(remote);
      throw error;
    }
  };
  return {
    kind: runner.kind,
    async currentVersions() {
      const found = await runner.query<{ remote: RemoteName; version: string }>('SELECT remote, version FROM remote_registry', []);
      return new Map(found.map((r) => [r.remote, r.version]));
    },
    async serving() {
      return servingFromRows(await runner.query<CanaryRow & { version: string }>('SELECT * FROM remote_registry', []));
    },
    state: (remote) => runner.read(() => readState(remote)),
    async schedules() {
      return (await runner.query<ScheduleRow>('SELECT * FROM release_schedules ORDER BY due_at', [])).map((r) => scheduleFromRow(r)!);
    },
    async commit(change) {
      assertValidChange(change);
      await conflictsNamed(change.remote, () => runner.steps(() => apply(change, added)));
    },
    async decide(remote, decide) {
      // PostgreSQL: the guard lock is held while deciding, and the change commits in its transaction.
      // SQLite: one writer per file; a decision another instance committed first moved the revision,
      // and this one's commit (BEGIN IMMEDIATE, revision check) is then refused whole.
      return conflictsNamed(remote, () =>
        runner.whileLocked(`cardlift-canary-guard:${remote}`, async (write) => {
          const change = await decide();
          if (!change) return 'unchanged' as const;
          assertValidChange(change);
          await write(() => apply(change, added));
          return 'committed' as const;
        }),
      );
    },
    async events(remote) {
      return (await runner.query<EventRow>('SELECT * FROM release_events WHERE remote = $1 ORDER BY id', [remote])).map(eventFromRow);
    },
    removeUnnamed: (remote, version, remove) =>
      runner.steps(function* () {
        yield* lockRemote(remote);
        const named = yield* rows(
          'SELECT 1 FROM remote_releases WHERE remote = $1 AND version = $2 UNION SELECT 1 FROM remote_registry WHERE remote = $1 AND version = $2',
          [remote, version],
        );
        if (named.length > 0) return false;
        remove();
        return true;
      }),
    prune: (remote, version, prunable, remove) =>
      runner.steps(function* () {
        yield* lockRemote(remote);
        if (!prunable(yield* readState(remote))) return false;
        yield* changes('DELETE FROM remote_releases WHERE remote = $1 AND version = $2', [remote, version]);
        remove();
        return true;
      }),
    async isEmpty() {
      return (await runner.query('SELECT 1 FROM remote_releases LIMIT 1', [])).length === 0;
    },
    async close() {
      // The database is its owner's to close.
    },
  };
}
