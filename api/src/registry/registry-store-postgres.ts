/** The registry on PostgreSQL (DATABASE_URL): every api instance on the database follows it. */
import { onOwnDatabase, poolOf } from '../platform/database';
import type pg from 'pg';
import type { RemoteName } from '@cardlift/contracts';
import { inTransaction, type PostgresOptions } from '../platform/db-connections';
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
import { NO_STATEMENTS, type RegistryCommitStatements } from './commit-statements';

const UNIQUE_VIOLATION = '23505';

/**
 * One lock per remote for the transaction's length, taken by every commit and every folder removal:
 * a row lock could not cover a remote's first release, which has no registry row yet.
 */
async function lockRemote(client: pg.PoolClient, remote: RemoteName): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cardlift-registry:${remote}`]);
}

/** A unique violation is a race another commit won: told as the conflict it is. */
async function conflictsNamed<T>(change: Pick<RegistryChange, 'remote'>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new RegistryConflict(change.remote);
    throw error;
  }
}

/** Checks the revision and writes the change, in the caller's transaction (under the remote's lock). */
async function apply(client: pg.PoolClient, change: RegistryChange, added: RegistryCommitStatements): Promise<void> {
  await lockRemote(client, change.remote);
  const registry = await client.query<{ revision: number }>('SELECT revision FROM remote_registry WHERE remote = $1', [change.remote]);
  if ((registry.rows[0]?.revision ?? 0) !== change.expectedRevision) throw new RegistryConflict(change.remote);
  change.precondition?.();
  // What dependents add to this commit (commit-statements.ts), in its transaction.
  const before = await client.query<{ version: string; canary_version: string | null }>(SERVED_BEFORE_SQL, [change.remote]);
  for (const { sql, params } of added({ change, before: servedBefore(before.rows[0]) })) await client.query(sql, params);
  if (change.current !== undefined) {
    // Both statements check and write in one step: of two racing commits only one matches.
    const moved =
      change.expectedRevision === 0
        ? await client.query('INSERT INTO remote_registry (remote, version, revision, updated_at) VALUES ($1, $2, 1, now())', [
            change.remote,
            change.current,
          ])
        : await client.query(
            'UPDATE remote_registry SET version = $1, revision = revision + 1, updated_at = now() WHERE remote = $2 AND revision = $3',
            [change.current, change.remote, change.expectedRevision],
          );
    if (moved.rowCount !== 1) throw new RegistryConflict(change.remote);
  }
  if (change.canary !== undefined) {
    await client.query('UPDATE remote_registry SET canary_version = $1, canary_share = $2, canary_since = $3 WHERE remote = $4', [
      ...canaryValues(change.canary),
      change.remote,
    ]);
  }
  for (const r of change.upsert) {
    await client.query(
      `INSERT INTO remote_releases (remote, version, state, position, created_at, created_by, git_sha, rolled_back_at, notes, ci_url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ${UPSERT_RELEASE_SQL}`,
      [r.remote, r.version, r.state, r.position, r.createdAt, r.createdBy, r.gitSha, r.rolledBackAt, r.notes ?? null, r.ciUrl ?? null],
    );
  }
  for (const e of change.events) {
    await client.query(
      `INSERT INTO release_events (remote, action, version, from_version, actor, git_sha, at, details, notice_state, notice_body, notice_next_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [e.remote, e.action, e.version, e.fromVersion, e.actor, e.gitSha, e.at, e.details ?? null, ...noticeValues(e)],
    );
  }
  await writeSchedule(client, change);
  await checkInvariants(client, change.remote);
}

/** Sets or clears the remote's scheduled action; clearing one that is gone is a conflict (another instance did). */
async function writeSchedule(client: pg.PoolClient, change: RegistryChange): Promise<void> {
  const { schedule } = change;
  if (!schedule) return;
  if ('clear' in schedule) {
    const cleared = await client.query('DELETE FROM release_schedules WHERE remote = $1 AND id = $2', [change.remote, schedule.clear]);
    if (cleared.rowCount !== 1) throw new RegistryConflict(change.remote);
    return;
  }
  // The remote's lock is held: a second schedule of the same remote is the unique key's conflict.
  await client.query(
    `INSERT INTO release_schedules (${SCHEDULE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    scheduleValues(schedule.set),
  );
}

/** The registry's invariants (registry-invariants.ts), read back inside the change's transaction. */
async function checkInvariants(client: pg.PoolClient, remote: RemoteName): Promise<void> {
  const registry = await client.query<{ version: string; canary_version: string | null }>(
    'SELECT version, canary_version FROM remote_registry WHERE remote = $1',
    [remote],
  );
  const stored = await client.query<{ version: string }>('SELECT version FROM remote_releases WHERE remote = $1', [remote]);
  const scheduled = await client.query<{ version: string }>('SELECT version FROM release_schedules WHERE remote = $1', [remote]);
  assertConsistent(remote, {
    current: registry.rows[0]?.version ?? null,
    canary: registry.rows[0]?.canary_version ?? null,
    scheduled: scheduled.rows[0]?.version ?? null,
    stored: new Set(stored.rows.map((r) => r.version)),
  });
}

/** A remote's registry row and releases, through the pool or inside a transaction. */
async function readState(db: pg.Pool | pg.PoolClient, remote: RemoteName): Promise<RemoteState> {
  const registry = await db.query<CanaryRow & { version: string; revision: number }>('SELECT * FROM remote_registry WHERE remote = $1', [
    remote,
  ]);
  const { rows } = await db.query<ReleaseRow>(`SELECT * FROM remote_releases WHERE remote = $1 ${RELEASE_ORDER_SQL}`, [remote]);
  const schedule = await db.query<ScheduleRow>('SELECT * FROM release_schedules WHERE remote = $1', [remote]);
  const row = registry.rows[0];
  return {
    current: row?.version ?? null,
    revision: row?.revision ?? 0,
    canary: canaryFromRow(row),
    releases: rows.map(releaseFromRow),
    scheduled: scheduleFromRow(schedule.rows[0]),
  };
}

/** On a database of its own (scripts, tests): its close() ends the pool. */
export const openPostgresRegistry = (
  url: string,
  options: PostgresOptions = {},
  added?: RegistryCommitStatements,
): Promise<RegistryStore> => onOwnDatabase({ databaseUrl: url, ...options }, (connection) => postgresRegistry(poolOf(connection), added));

/** On the process's pool, which its owner ends; `added` runs in every commit. */
export function postgresRegistry(pool: pg.Pool, added: RegistryCommitStatements = NO_STATEMENTS): RegistryStore {
  return {
    kind: 'postgres',
    async currentVersions() {
      const { rows } = await pool.query<{ remote: RemoteName; version: string }>('SELECT remote, version FROM remote_registry');
      return new Map(rows.map((r) => [r.remote, r.version]));
    },
    async serving() {
      return servingFromRows((await pool.query<CanaryRow & { version: string }>('SELECT * FROM remote_registry')).rows);
    },
    state: (remote) => readState(pool, remote),
    async schedules() {
      const { rows } = await pool.query<ScheduleRow>('SELECT * FROM release_schedules ORDER BY due_at');
      return rows.map((r) => scheduleFromRow(r)!);
    },
    async commit(change) {
      assertValidChange(change);
      await conflictsNamed(change, () => inTransaction(pool, (client) => apply(client, change, added)));
    },
    async decide(remote, decide) {
      return conflictsNamed({ remote }, () =>
        inTransaction(pool, async (client) => {
          // Not waiting: another instance deciding this step now is this tick's answer.
          const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
            `cardlift-canary-guard:${remote}`,
          ]);
          if (!rows[0]?.locked) return 'busy' as const;
          const change = await decide();
          if (!change) return 'unchanged' as const;
          assertValidChange(change);
          await apply(client, change, added);
          return 'committed' as const;
        }),
      );
    },
    async events(remote) {
      const { rows } = await pool.query<EventRow>('SELECT * FROM release_events WHERE remote = $1 ORDER BY id', [remote]);
      return rows.map(eventFromRow);
    },
    async removeUnnamed(remote, version, remove) {
      return inTransaction(pool, async (client) => {
        await lockRemote(client, remote);
        const { rows } = await client.query(
          'SELECT 1 FROM remote_releases WHERE remote = $1 AND version = $2 UNION SELECT 1 FROM remote_registry WHERE remote = $1 AND version = $2',
          [remote, version],
        );
        if (rows.length > 0) return false;
        remove();
        return true;
      });
    },
    async prune(remote, version, prunable, remove) {
      return inTransaction(pool, async (client) => {
        await lockRemote(client, remote);
        if (!prunable(await readState(client, remote))) return false;
        await client.query('DELETE FROM remote_releases WHERE remote = $1 AND version = $2', [remote, version]);
        remove();
        return true;
      });
    },
    async isEmpty() {
      const { rows } = await pool.query('SELECT 1 FROM remote_releases LIMIT 1');
      return rows.length === 0;
    },
    async close() {
      // The pool is its owner's to end.
    },
  };
}
