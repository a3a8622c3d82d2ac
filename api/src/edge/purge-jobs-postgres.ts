/** Purge jobs on PostgreSQL: due rows are leased with FOR UPDATE SKIP LOCKED, so two relays take different jobs. */
import type pg from 'pg';
import { clipError } from '../leads/lead-store';
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

export function postgresPurgeJobs(pool: pg.Pool): PurgeJobStore {
  return {
    // One transaction: of two instances starting at once, the second's UPDATE waits for the first's
    // commit, then finds the new value already there (READ COMMITTED re-reads the row) and changes nothing.
    async recordDeployed(mark, plan, now = Date.now()) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        let outcome: 'first' | 'purged' | 'unchanged' = 'first';
        if ((await client.query(DEPLOY_SQL.record, [mark.name, mark.fingerprint, now])).rowCount === 0) {
          outcome = (await client.query(DEPLOY_SQL.change, [mark.name, mark.fingerprint, now])).rowCount === 1 ? 'purged' : 'unchanged';
          if (outcome === 'purged') await client.query(EDGE_PURGE_INSERT, purgeValues(plan, now));
        }
        await client.query('COMMIT');
        return outcome;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
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
