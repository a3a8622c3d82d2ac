/** Purge jobs on either database (platform/sql-runner.ts): a claim is one statement, whose rows PostgreSQL takes with SKIP LOCKED and SQLite's single writer takes alone. */
import { clipError } from '../platform/delivery-retries';
import type { SqlRunner } from '../platform/sql-runner';
import { changes } from '../platform/sql-steps';
import { DEPLOY_SQL } from './deploy-purges';
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

export function purgeJobsOn(runner: SqlRunner): PurgeJobStore {
  return {
    // One transaction: of two instances starting at once, the second's UPDATE waits for the first's
    // commit (PostgreSQL; SQLite's IMMEDIATE transactions take turns), then finds the new value already
    // there and changes nothing.
    recordDeployed: (mark, plan, now = Date.now()) =>
      runner.steps(function* () {
        if ((yield* changes(DEPLOY_SQL.record, [mark.name, mark.fingerprint, now])) === 1) return 'first' as const;
        if ((yield* changes(DEPLOY_SQL.change, [mark.name, mark.fingerprint, now])) === 0) return 'unchanged' as const;
        yield* changes(EDGE_PURGE_INSERT, purgeValues(plan, now));
        return 'purged' as const;
      }),
    async claimDue(limit, leaseMs, now = Date.now()) {
      // Read first: a poll that finds nothing due takes no write lock (each instance polls).
      if ((await runner.query(PURGE_SQL.due, [now, 1])).length === 0) return [];
      const claimed = await runner.query<PurgeRow>(PURGE_SQL.claim(runner.skipLocked), [now, limit, now + leaseMs]);
      return claimed.map(purgeFromRow).sort((a, b) => a.id - b.id);
    },
    async markDelivered(job, again, now = Date.now()) {
      const marked =
        again === null
          ? await runner.run(PURGE_SQL.sent, [job.id, job.claimedUntil, job.sentTo.join(' '), now])
          : await runner.run(PURGE_SQL.again, [job.id, job.claimedUntil, again]);
      return marked === 1;
    },
    async markAttemptFailed(job, sentTo, error, retryAt) {
      const [state, nextAt] = failedValues(retryAt);
      return (await runner.run(PURGE_SQL.failed, [job.id, job.claimedUntil, state, nextAt, sentTo.join(' '), clipError(error)])) === 1;
    },
    async backlog() {
      const [row] = await runner.query<Parameters<typeof backlogFromRow>[0]>(PURGE_SQL.backlog, []);
      return backlogFromRow(row!);
    },
    async unsentTags(since, until) {
      return tagsOfRows(await runner.query<{ tags: string; soft_tags: string }>(PURGE_SQL.unsent, [since, until]));
    },
    async prune(before) {
      await runner.run(PURGE_SQL.prune, [before]);
    },
  };
}
