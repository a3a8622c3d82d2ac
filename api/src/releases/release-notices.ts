/**
 * Release events still to be announced to the team (the canary guard's decisions, committed with
 * their notice by RegistryStore), as the notice relay takes them: like the leads' outbox, a notice is
 * claimed with a lease so one relay (one api instance) sends each attempt, and a relay that dies
 * holding one only delays it until the lease runs out. The SQL is written once: a claim is one
 * statement, whose rows PostgreSQL takes with SKIP LOCKED and SQLite's single writer takes alone.
 */
import type { RemoteName } from '@cardlift/contracts';
import { clipError } from '../platform/delivery-retries';
import type { SqlRunner } from '../platform/sql-runner';

type NoticeState = 'pending' | 'sent' | 'failed';

/** A notice claimed by a relay. */
export interface ReleaseNotice {
  /** The release event's id (the webhook's idempotency key is made of it). */
  eventId: number;
  remote: RemoteName;
  /** The webhook body (JSON), as the decision wrote it. */
  body: string;
  /** Attempts made before this one. */
  attempts: number;
  /** The lease this claim holds (epoch ms): it also names the claim, so a relay that lost it marks nothing. */
  claimedUntil: number;
}

export interface NoticeBacklog {
  /** Notices still to send (including those being sent). */
  pending: number;
  /** Notices given up on after the last attempt. */
  failed: number;
}

export interface ReleaseNoticeStore {
  /** Leases up to `limit` due pending notices until `now + leaseMs`, oldest first. */
  claimDue(limit: number, leaseMs: number, now?: number): Promise<ReleaseNotice[]>;
  /** Records the notice as sent; false when its lease was lost to another relay meanwhile (nothing changed). */
  markSent(notice: ReleaseNotice): Promise<boolean>;
  /** Records a failed attempt: tried again at `retryAt`, or `failed` for good when null; false as markSent. */
  markAttemptFailed(notice: ReleaseNotice, error: string, retryAt: number | null): Promise<boolean>;
  backlog(): Promise<NoticeBacklog>;
}

/** The row a claim answers. */
interface NoticeRow {
  id: number | string;
  remote: string;
  notice_body: string;
  notice_attempts: number;
  notice_claimed_until: number | string;
}

const noticeFromRow = (row: NoticeRow): ReleaseNotice => ({
  eventId: Number(row.id),
  remote: row.remote as RemoteName,
  body: row.notice_body,
  attempts: row.notice_attempts,
  claimedUntil: Number(row.notice_claimed_until),
});

/** Pending notices whose time has come ($1) and which no live lease holds. */
const DUE = `notice_state = 'pending' AND notice_next_at <= $1 AND (notice_claimed_until IS NULL OR notice_claimed_until <= $1)`;

const NOTICE_BACKLOG_SQL = `SELECT
  (SELECT COUNT(*) FROM release_events WHERE notice_state = 'pending') AS pending,
  (SELECT COUNT(*) FROM release_events WHERE notice_state = 'failed') AS failed`;

/** What a failed attempt leaves: pending with its next time, or failed for good. */
const afterFailure = (retryAt: number | null): { state: NoticeState; nextAt: number | null } =>
  retryAt === null ? { state: 'failed', nextAt: null } : { state: 'pending', nextAt: retryAt };

/** The notices on `runner`'s database (the registry's). */
export function releaseNoticesOn(runner: SqlRunner): ReleaseNoticeStore {
  return {
    async claimDue(limit, leaseMs, now = Date.now()) {
      // Read first: a poll that finds nothing due takes no write lock (each instance polls every second).
      if ((await runner.query(`SELECT id FROM release_events WHERE ${DUE} LIMIT 1`, [now])).length === 0) return [];
      const claimed = await runner.query<NoticeRow>(
        `UPDATE release_events SET notice_claimed_until = $3 WHERE id IN (
           SELECT id FROM release_events WHERE ${DUE} ORDER BY id LIMIT $2 ${runner.skipLocked})
         RETURNING id, remote, notice_body, notice_attempts, notice_claimed_until`,
        [now, limit, now + leaseMs],
      );
      return claimed.map(noticeFromRow).sort((a, b) => a.eventId - b.eventId);
    },
    async markSent(notice) {
      const changed = await runner.run(
        `UPDATE release_events SET notice_state = 'sent', notice_attempts = notice_attempts + 1, notice_claimed_until = NULL,
           notice_error = NULL WHERE id = $1 AND notice_claimed_until = $2`,
        [notice.eventId, notice.claimedUntil],
      );
      return changed === 1;
    },
    async markAttemptFailed(notice, error, retryAt) {
      const { state, nextAt } = afterFailure(retryAt);
      const changed = await runner.run(
        `UPDATE release_events SET notice_state = $1, notice_next_at = $2, notice_attempts = notice_attempts + 1,
           notice_claimed_until = NULL, notice_error = $3 WHERE id = $4 AND notice_claimed_until = $5`,
        [state, nextAt, clipError(error), notice.eventId, notice.claimedUntil],
      );
      return changed === 1;
    },
    async backlog() {
      const [row] = await runner.query<{ pending: number | string; failed: number | string }>(NOTICE_BACKLOG_SQL, []);
      return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
    },
  };
}
