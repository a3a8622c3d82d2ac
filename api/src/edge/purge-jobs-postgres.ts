/** Purge jobs on PostgreSQL: due rows are leased with FOR UPDATE SKIP LOCKED, so two relays take different jobs. */
import type pg from 'pg';
import { clipError } from '../leads/lead-store';
import { backlogFromRow, failedValues, PURGE_SQL, purgeFromRow, tagsOfRows, type PurgeJobStore, type PurgeRow } from './purge-jobs';

export function postgresPurgeJobs(pool: pg.Pool): PurgeJobStore {
  return {
    async claimDue(limit, leaseMs, now = Date.now()) {
      const { rows } = await pool.query<PurgeRow>(PURGE_SQL.claim, [now, limit, now + leaseMs]);
      return rows.map(purgeFromRow).sort((a, b) => a.id - b.id);
    },
    async markDelivered(job, again, now = Date.now()) {
      const marked =
        again === null
          ? await pool.query(PURGE_SQL.sent, [job.id, job.claimedUntil, job.sentTo.join(' '), now])
          : await pool.query(PURGE_SQL.again, [job.id, job.claimedUntil, again]);
      return marked.rowCount === 1;
    },
    async markAttemptFailed(job, sentTo, error, retryAt) {
      const [state, nextAt] = failedValues(retryAt);
      const params = [job.id, job.claimedUntil, state, nextAt, sentTo.join(' '), clipError(error)];
      return (await pool.query(PURGE_SQL.failed, params)).rowCount === 1;
    },
    async backlog() {
      return backlogFromRow((await pool.query(PURGE_SQL.backlog)).rows[0]);
    },
    async unsentTags(since, until) {
      return tagsOfRows((await pool.query<{ tags: string; soft_tags: string }>(PURGE_SQL.unsent, [since, until])).rows);
    },
    async prune(before) {
      await pool.query(PURGE_SQL.prune, [before]);
    },
  };
}
