/**
 * Release events still to be announced to the team (the canary guard's decisions, committed with
 * their notice by RegistryStore), as the notice relay takes them: like the leads' outbox, a notice is
 * claimed with a lease so one relay (one api instance) sends each attempt, and a relay that dies
 * holding one only delays it until the lease runs out. Two implementations with one behaviour
 * (SQLite's single writer, PostgreSQL's SKIP LOCKED), beside each registry store.
 */
import type { RemoteName } from '@cardlift/contracts';

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
export interface NoticeRow {
  id: number | string;
  remote: string;
  notice_body: string;
  notice_attempts: number;
  notice_claimed_until: number | string;
}

export const noticeFromRow = (row: NoticeRow): ReleaseNotice => ({
  eventId: Number(row.id),
  remote: row.remote as RemoteName,
  body: row.notice_body,
  attempts: row.notice_attempts,
  claimedUntil: Number(row.notice_claimed_until),
});

/** Pending notices whose time has come and which no live lease holds; `now` is the time's placeholder. */
export const dueNoticesWhere = (now: string) =>
  `notice_state = 'pending' AND notice_next_at <= ${now} AND (notice_claimed_until IS NULL OR notice_claimed_until <= ${now})`;

export const NOTICE_BACKLOG_SQL = `SELECT
  (SELECT COUNT(*) FROM release_events WHERE notice_state = 'pending') AS pending,
  (SELECT COUNT(*) FROM release_events WHERE notice_state = 'failed') AS failed`;

/** What a failed attempt leaves: pending with its next time, or failed for good. */
export const afterFailure = (retryAt: number | null): { state: NoticeState; nextAt: number | null } =>
  retryAt === null ? { state: 'failed', nextAt: null } : { state: 'pending', nextAt: retryAt };
