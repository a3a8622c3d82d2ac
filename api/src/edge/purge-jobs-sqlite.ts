/** Purge jobs in the SQLite file: a claim is one IMMEDIATE transaction, so one writer at a time takes each. */
import type Database from 'better-sqlite3';
import { clipError } from '../leads/lead-store';
import { bindPositional, preparedStatements, whileBusy } from '../platform/db-connections';
import { DEPLOY_SQL, type DeployMark } from './deploy-purges';
import {
  backlogFromRow,
  EDGE_PURGE_INSERT,
  failedValues,
  PURGE_SQL,
  purgeFromRow,
  purgeValues,
  tagsOfRows,
  type PurgeJobStore,
  type PurgeRow,
} from './purge-jobs';
import type { PurgePlan } from './purge-plans';

export function sqlitePurgeJobs(db: Database.Database): PurgeJobStore {
  const prepared = preparedStatements(db);
  const run = (sql: string, ...params: unknown[]) => prepared(sql).run(bindPositional(params)).changes;
  const claim = db.transaction((limit: number, leaseMs: number, now: number) =>
    (
      prepared(PURGE_SQL.due)
        .pluck()
        .all(bindPositional([now, limit])) as number[]
    ).flatMap((id) => {
      const row = prepared(PURGE_SQL.lease).get(bindPositional([now, now + leaseMs, id])) as PurgeRow | undefined;
      return row ? [purgeFromRow(row)] : [];
    }),
  );
  const recordDeployed = db.transaction((mark: DeployMark, plan: PurgePlan, now: number) => {
    if (run(DEPLOY_SQL.record, mark.name, mark.fingerprint, now) === 1) return 'first' as const;
    if (run(DEPLOY_SQL.change, mark.name, mark.fingerprint, now) === 0) return 'unchanged' as const;
    run(EDGE_PURGE_INSERT, ...purgeValues(plan, now));
    return 'purged' as const;
  });

  return {
    async recordDeployed(mark, plan, now = Date.now()) {
      return whileBusy(() => recordDeployed.immediate(mark, plan, now));
    },
    async claimDue(limit, leaseMs, now = Date.now()) {
      // Read first: a poll that finds nothing due takes no write lock (each instance polls).
      if (
        (
          prepared(PURGE_SQL.due)
            .pluck()
            .all(bindPositional([now, 1])) as number[]
        ).length === 0
      )
        return [];
      return whileBusy(() => claim.immediate(limit, leaseMs, now));
    },
    async markDelivered(job, again, now = Date.now()) {
      const mark = () =>
        again === null
          ? run(PURGE_SQL.sent, job.id, job.claimedUntil, job.sentTo.join(' '), now)
          : run(PURGE_SQL.again, job.id, job.claimedUntil, again);
      return (await whileBusy(mark)) === 1;
    },
    async markAttemptFailed(job, sentTo, error, retryAt) {
      const [state, nextAt] = failedValues(retryAt);
      const changed = () => run(PURGE_SQL.failed, job.id, job.claimedUntil, state, nextAt, sentTo.join(' '), clipError(error));
      return (await whileBusy(changed)) === 1;
    },
    async backlog() {
      return backlogFromRow(prepared(PURGE_SQL.backlog).get() as Parameters<typeof backlogFromRow>[0]);
    },
    async unsentTags(since, until) {
      return tagsOfRows(prepared(PURGE_SQL.unsent).all(bindPositional([since, until])) as { tags: string; soft_tags: string }[]);
    },
    async prune(before) {
      await whileBusy(() => run(PURGE_SQL.prune, before));
    },
  };
}
