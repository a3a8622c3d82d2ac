/**
 * The release notices on PostgreSQL: due rows are leased with FOR UPDATE SKIP LOCKED in the claiming
 * statement, so two relays claiming at the same moment take different notices.
 */
import type pg from 'pg';
import { clipError } from '../leads/lead-store';
import {
  afterFailure,
  dueNoticesWhere,
  NOTICE_BACKLOG_SQL,
  noticeFromRow,
  type NoticeRow,
  type ReleaseNoticeStore,
} from './release-notices';

export function postgresReleaseNotices(pool: pg.Pool): ReleaseNoticeStore {
  return {
    async claimDue(limit, leaseMs, now = Date.now()) {
      const { rows } = await pool.query<NoticeRow>(
        `WITH due AS (
           SELECT id FROM release_events WHERE ${dueNoticesWhere('$1')} ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
         )
         UPDATE release_events e SET notice_claimed_until = $3 FROM due WHERE e.id = due.id
         RETURNING e.id, e.remote, e.notice_body, e.notice_attempts, e.notice_claimed_until`,
        [now, limit, now + leaseMs],
      );
      return rows.map(noticeFromRow).sort((a, b) => a.eventId - b.eventId);
    },
    async markSent(notice) {
      const { rowCount } = await pool.query(
        `UPDATE release_events SET notice_state = 'sent', notice_attempts = notice_attempts + 1, notice_claimed_until = NULL,
           notice_error = NULL WHERE id = $1 AND notice_claimed_until = $2`,
        [notice.eventId, notice.claimedUntil],
      );
      return rowCount === 1;
    },
    async markAttemptFailed(notice, error, retryAt) {
      const { state, nextAt } = afterFailure(retryAt);
      const { rowCount } = await pool.query(
        `UPDATE release_events SET notice_state = $1, notice_next_at = $2, notice_attempts = notice_attempts + 1,
           notice_claimed_until = NULL, notice_error = $3 WHERE id = $4 AND notice_claimed_until = $5`,
        [state, nextAt, clipError(error), notice.eventId, notice.claimedUntil],
      );
      return rowCount === 1;
    },
    async backlog() {
      const { rows } = await pool.query<{ pending: string; failed: string }>(NOTICE_BACKLOG_SQL);
      return { pending: Number(rows[0]?.pending ?? 0), failed: Number(rows[0]?.failed ?? 0) };
    },
  };
}
