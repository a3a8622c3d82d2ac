/** The registry in the embedded SQLite file (one machine; the CLI and the server share the file). */
import { onOwnSqlite } from '../platform/database';
import type Database from 'better-sqlite3';
import type { RemoteName } from '@cardlift/contracts';
import { bindPositional, preparedStatements, whileBusy } from '../platform/db-connections';
import { NO_STATEMENTS, type RegistryCommitStatements } from './commit-statements';
import {
  assertValidChange,
  canaryFromRow,
  canaryValues,
  eventFromRow,
  servingFromRows,
  RegistryConflict,
  RELEASE_ORDER_SQL,
  releaseFromRow,
  type CanaryRow,
  type EventRow,
  type RegistryChange,
  noticeValues,
  type RegistryStore,
  type RemoteState,
  type ReleaseRow,
  SCHEDULE_COLUMNS,
  scheduleFromRow,
  scheduleValues,
  type ScheduleRow,
  SERVED_BEFORE_SQL,
  servedBefore,
  UPSERT_RELEASE_SQL,
} from './registry-store';
import { assertConsistent } from './registry-invariants';

/** On a hold of its own on the SQLite file (scripts, tests): its close() lets go of it. */
export const openSqliteRegistry = (dataDir: string, added?: RegistryCommitStatements): RegistryStore =>
  onOwnSqlite(dataDir, (connection) => sqliteRegistry(connection.db, added));

/** On the process's one SQLite connection, which its owner closes; `added` runs in every commit. */
export function sqliteRegistry(db: Database.Database, added: RegistryCommitStatements = NO_STATEMENTS): RegistryStore {
  const prepared = preparedStatements(db);
  const upsertRelease = db.prepare(
    `INSERT INTO remote_releases (remote, version, state, position, created_at, created_by, git_sha, rolled_back_at, notes, ci_url)
     VALUES (@remote, @version, @state, @position, @createdAt, @createdBy, @gitSha, @rolledBackAt, @notes, @ciUrl) ${UPSERT_RELEASE_SQL}`,
  );
  const insertEvent = db.prepare(
    `INSERT INTO release_events (remote, action, version, from_version, actor, git_sha, at, details, notice_state, notice_body, notice_next_at)
     VALUES (@remote, @action, @version, @fromVersion, @actor, @gitSha, @at, @details, ?, ?, ?)`,
  );
  const revisionOf = db.prepare('SELECT revision FROM remote_registry WHERE remote = ?').pluck();
  const before = db.prepare(SERVED_BEFORE_SQL.replace('$1', '?'));

  const named = db.prepare(
    'SELECT 1 FROM remote_releases WHERE remote = ? AND version = ? UNION SELECT 1 FROM remote_registry WHERE remote = ? AND version = ?',
  );

  const insertSchedule = db.prepare(`INSERT INTO release_schedules (${SCHEDULE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const clearSchedule = db.prepare('DELETE FROM release_schedules WHERE remote = ? AND id = ?');
  const registryRow = db.prepare('SELECT version, canary_version FROM remote_registry WHERE remote = ?');
  const storedVersions = db.prepare('SELECT version FROM remote_releases WHERE remote = ?').pluck();
  const scheduleOf = db.prepare('SELECT * FROM release_schedules WHERE remote = ?');

  const writeSchedule = (change: RegistryChange) => {
    const { schedule } = change;
    if (!schedule) return;
    if ('clear' in schedule) {
      if (clearSchedule.run(change.remote, schedule.clear).changes !== 1) throw new RegistryConflict(change.remote);
    } else if (scheduleOf.get(change.remote)) {
      throw new RegistryConflict(change.remote);
    } else {
      insertSchedule.run(...scheduleValues(schedule.set));
    }
  };

  const checkInvariants = (remote: RemoteName) => {
    const row = registryRow.get(remote) as { version: string; canary_version: string | null } | undefined;
    assertConsistent(remote, {
      current: row?.version ?? null,
      canary: row?.canary_version ?? null,
      scheduled: (scheduleOf.get(remote) as ScheduleRow | undefined)?.version ?? null,
      stored: new Set(storedVersions.all(remote) as string[]),
    });
  };

  const commit = db.transaction((change: RegistryChange) => {
    const revision = (revisionOf.get(change.remote) as number | undefined) ?? 0;
    if (revision !== change.expectedRevision) throw new RegistryConflict(change.remote);
    change.precondition?.();
    // What dependents add to this commit (commit-statements.ts), in its transaction.
    const served = servedBefore(before.get(change.remote) as Parameters<typeof servedBefore>[0]);
    for (const { sql, params } of added({ change, before: served })) prepared(sql).run(bindPositional(params));
    if (change.current !== undefined) {
      const at = new Date().toISOString();
      if (revision === 0) {
        db.prepare('INSERT INTO remote_registry (remote, version, revision, updated_at) VALUES (?, ?, 1, ?)').run(
          change.remote,
          change.current,
          at,
        );
      } else {
        db.prepare('UPDATE remote_registry SET version = ?, revision = revision + 1, updated_at = ? WHERE remote = ?').run(
          change.current,
          at,
          change.remote,
        );
      }
    }
    if (change.canary !== undefined) {
      db.prepare('UPDATE remote_registry SET canary_version = ?, canary_share = ?, canary_since = ? WHERE remote = ?').run(
        ...canaryValues(change.canary),
        change.remote,
      );
    }
    for (const release of change.upsert) upsertRelease.run({ notes: null, ciUrl: null, ...release });
    for (const event of change.events) insertEvent.run({ details: null, ...event }, ...noticeValues(event));
    writeSchedule(change);
    checkInvariants(change.remote);
  });

  const removeUnnamed = db.transaction((remote: RemoteName, version: string, remove: () => void) => {
    if (named.get(remote, version, remote, version)) return false;
    remove();
    return true;
  });

  const readState = (remote: RemoteName): RemoteState => {
    const row = db.prepare('SELECT * FROM remote_registry WHERE remote = ?').get(remote) as
      (CanaryRow & { version: string; revision: number }) | undefined;
    const releases = (db.prepare(`SELECT * FROM remote_releases WHERE remote = ? ${RELEASE_ORDER_SQL}`).all(remote) as ReleaseRow[]).map(
      releaseFromRow,
    );
    const scheduled = scheduleFromRow(scheduleOf.get(remote) as ScheduleRow | undefined);
    return { current: row?.version ?? null, revision: row?.revision ?? 0, canary: canaryFromRow(row), releases, scheduled };
  };

  const prune = db.transaction((remote: RemoteName, version: string, prunable: (state: RemoteState) => boolean, remove: () => void) => {
    if (!prunable(readState(remote))) return false;
    db.prepare('DELETE FROM remote_releases WHERE remote = ? AND version = ?').run(remote, version);
    remove();
    return true;
  });

  return {
    kind: 'sqlite',
    async currentVersions() {
      const rows = db.prepare('SELECT remote, version FROM remote_registry').all() as { remote: RemoteName; version: string }[];
      return new Map(rows.map((r) => [r.remote, r.version]));
    },
    async serving() {
      return servingFromRows(db.prepare('SELECT * FROM remote_registry').all() as (CanaryRow & { version: string })[]);
    },
    async state(remote) {
      return readState(remote);
    },
    async schedules() {
      return (db.prepare('SELECT * FROM release_schedules ORDER BY due_at').all() as ScheduleRow[]).map((r) => scheduleFromRow(r)!);
    },
    async commit(change) {
      assertValidChange(change);
      // IMMEDIATE takes the write lock first, so the revision read and the write see the same state.
      await whileBusy(() => commit.immediate(change));
    },
    async decide(_remote, decide) {
      // One writer per file: a decision another instance committed first moved the revision, and this
      // one's commit (BEGIN IMMEDIATE, revision check) is then refused whole.
      const change = await decide();
      if (!change) return 'unchanged';
      await this.commit(change);
      return 'committed';
    },
    async events(remote) {
      return (db.prepare('SELECT * FROM release_events WHERE remote = ? ORDER BY id').all(remote) as EventRow[]).map(eventFromRow);
    },
    async removeUnnamed(remote, version, remove) {
      return removeUnnamed.immediate(remote, version, remove);
    },
    async prune(remote, version, prunable, remove) {
      return whileBusy(() => prune.immediate(remote, version, prunable, remove));
    },
    async isEmpty() {
      return !db.prepare('SELECT 1 FROM remote_releases LIMIT 1').get();
    },
    async close() {
      // The connection is its owner's to close.
    },
  };
}
