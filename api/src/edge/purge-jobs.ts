/**
 * Purge jobs, durable like the leads' outbox: a job is written in the transaction of the change that
 * makes it (purge-plans.ts), so a committed change always has its purge, and the relay on every
 * instance claims due jobs with a lease (one instance sends each attempt), sends them to every
 * configured cache, and records which caches took it, so a retry goes only to the others.
 *
 * A job is delivered in passes: at once, and again once every instance has followed the change (each
 * polls the database every half second), so a cache that refilled a page from an instance still
 * serving the old state between the two gets it purged again; a section's pages once more when every
 * instance can have warmed the section's new build (purge-relay.ts). The SQL is written once with `$n`
 * placeholders for both databases.
 */
import type { DeployMark, DeployOutcome } from './deploy-purges';
import type { PurgePlan } from './purge-plans';

export type PurgeState = 'pending' | 'sent' | 'failed';

export interface PurgeJob {
  id: number;
  hard: string[];
  soft: string[];
  reason: string;
  createdAt: number;
  attempts: number;
  /** Passes every target took (0: the first is still to make). */
  passes: number;
  /** Targets (by name) that have taken this pass. */
  sentTo: string[];
  /** The lease this claim holds (epoch ms); it also names the claim. */
  claimedUntil: number;
}

export interface PurgeBacklog {
  /** Jobs whose first pass is still to deliver. */
  pending: number;
  /** Jobs delivered at least once, waiting for a later pass. */
  confirming: number;
  failed: number;
  /** Creation time (epoch ms) of the oldest job still to send, or null. */
  oldestPendingAt: number | null;
}

export interface PurgeJobStore {
  /** Leases up to `limit` due jobs until `now + leaseMs`, oldest first. */
  claimDue(limit: number, leaseMs: number, now?: number): Promise<PurgeJob[]>;
  /**
   * Every target took this pass: the job is done, or, with `again`, due once more at that time (epoch
   * ms) for every target. False when the lease was lost meanwhile (nothing changed).
   */
  markDelivered(job: PurgeJob, again: number | null, now?: number): Promise<boolean>;
  /** Some target did not: `sentTo` are those that did; tried again at `retryAt`, or failed for good when null. */
  markAttemptFailed(job: PurgeJob, sentTo: string[], error: string, retryAt: number | null): Promise<boolean>;
  backlog(): Promise<PurgeBacklog>;
  /** Tags of the jobs whose first pass is not delivered, written between `since` and `until` (epoch ms). */
  unsentTags(since: number, until: number): Promise<string[]>;
  /** Forgets jobs sent before `before` (epoch ms). */
  prune(before: number): Promise<void>;
  /** Records what this instance started with and, when it changed, writes `plan` in the same transaction (deploy-purges.ts). */
  recordDeployed(mark: DeployMark, plan: PurgePlan, now?: number): Promise<DeployOutcome>;
}

const words = (text: string | null) => (text ? text.split(' ').filter(Boolean) : []);

/** The job row of a plan, as `EDGE_PURGE_INSERT` takes its values. */
export const purgeValues = (plan: PurgePlan, now = Date.now()) => [plan.hard.join(' '), plan.soft.join(' '), plan.reason, now];

export const EDGE_PURGE_INSERT = `INSERT INTO edge_purges (tags, soft_tags, reason, created_at, next_at, sent_to)
  VALUES ($1, $2, $3, $4, $4, '')`;

export interface PurgeRow {
  id: number | string;
  tags: string;
  soft_tags: string;
  reason: string;
  created_at: number | string;
  attempts: number;
  passes: number;
  sent_to: string | null;
  claimed_until: number | string;
}

export const purgeFromRow = (row: PurgeRow): PurgeJob => ({
  id: Number(row.id),
  hard: words(row.tags),
  soft: words(row.soft_tags),
  reason: row.reason,
  createdAt: Number(row.created_at),
  attempts: row.attempts,
  passes: Number(row.passes),
  sentTo: words(row.sent_to),
  claimedUntil: Number(row.claimed_until),
});

/** Pending jobs whose time has come and which no live lease holds. */
const DUE = `state = 'pending' AND next_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)`;

export const PURGE_SQL = {
  due: `SELECT id FROM edge_purges WHERE ${DUE} ORDER BY id LIMIT $2`,
  /** $1 now, $2 limit, $3 lease end; `skipLocked` is the runner's (PostgreSQL's row locks; nothing on SQLite). */
  claim: (skipLocked: string) => `UPDATE edge_purges SET claimed_until = $3 WHERE id IN (
      SELECT id FROM edge_purges WHERE ${DUE} ORDER BY id LIMIT $2 ${skipLocked})
    RETURNING id, tags, soft_tags, reason, created_at, attempts, passes, sent_to, claimed_until`,
  /** $1 id, $2 claim, $3 targets, $4 now. */
  sent: `UPDATE edge_purges SET state = 'sent', sent_to = $3, passes = passes + 1, attempts = attempts + 1, claimed_until = NULL,
    error = NULL, sent_at = $4 WHERE id = $1 AND claimed_until = $2`,
  /** $1 id, $2 claim, $3 when the next pass is due. */
  again: `UPDATE edge_purges SET sent_to = '', passes = passes + 1, attempts = 0, next_at = $3, claimed_until = NULL, error = NULL
    WHERE id = $1 AND claimed_until = $2`,
  /** $1 id, $2 claim, $3 state, $4 next time, $5 targets, $6 error. */
  failed: `UPDATE edge_purges SET state = $3, next_at = $4, sent_to = $5, error = $6, attempts = attempts + 1,
    claimed_until = NULL WHERE id = $1 AND claimed_until = $2`,
  backlog: `SELECT
    (SELECT COUNT(*) FROM edge_purges WHERE state = 'pending' AND passes = 0) AS pending,
    (SELECT COUNT(*) FROM edge_purges WHERE state = 'pending' AND passes > 0) AS confirming,
    (SELECT COUNT(*) FROM edge_purges WHERE state = 'failed') AS failed,
    (SELECT MIN(created_at) FROM edge_purges WHERE state = 'pending' AND passes = 0) AS oldest`,
  unsent: `SELECT tags, soft_tags FROM edge_purges WHERE state <> 'sent' AND passes = 0 AND created_at >= $1 AND created_at <= $2`,
  prune: `DELETE FROM edge_purges WHERE state = 'sent' AND sent_at < $1`,
};

export const backlogFromRow = (row: {
  pending: number | string;
  confirming: number | string;
  failed: number | string;
  oldest: number | string | null;
}) => ({
  pending: Number(row.pending),
  confirming: Number(row.confirming),
  failed: Number(row.failed),
  oldestPendingAt: row.oldest === null ? null : Number(row.oldest),
});

export const tagsOfRows = (rows: { tags: string; soft_tags: string }[]) =>
  rows.flatMap((row) => [...words(row.tags), ...words(row.soft_tags)]);

/** A failed attempt's next state. */
export const failedValues = (retryAt: number | null): [PurgeState, number | null] =>
  retryAt === null ? ['failed', null] : ['pending', retryAt];
