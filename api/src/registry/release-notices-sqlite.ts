/** The release notices in the SQLite file: a claim is one IMMEDIATE transaction, so one writer at a time takes each. */
import type Database from 'better-sqlite3';
import { clipError } from '../leads/lead-store';
import { whileBusy } from '../platform/db-connections';
import {
  afterFailure,
  dueNoticesWhere,
  NOTICE_BACKLOG_SQL,
  noticeFromRow,
  type NoticeRow,
  type ReleaseNoticeStore,
} from './release-notices';

export function sqliteReleaseNotices(db: Database.Database): ReleaseNoticeStore {
  const due = db.prepare(`SELECT id FROM release_events WHERE ${dueNoticesWhere('@now')} ORDER BY id LIMIT @limit`).pluck();
  const lease = db.prepare(
    `UPDATE release_events SET notice_claimed_until = @until WHERE id = @id AND ${dueNoticesWhere('@now')}
     RETURNING id, remote, notice_body, notice_attempts, notice_claimed_until`,
  );
  const claim = db.transaction((limit: number, leaseMs: number, now: number) =>
    (due.all({ now, limit }) as number[]).flatMap((id) => {
      const row = lease.get({ id, now, until: now + leaseMs }) as NoticeRow | undefined;
      return row ? [noticeFromRow(row)] : [];
    }),
  );
  const sent = db.prepare(
    `UPDATE release_events SET notice_state = 'sent', notice_attempts = notice_attempts + 1, notice_claimed_until = NULL,
       notice_error = NULL WHERE id = ? AND notice_claimed_until = ?`,
  );
  const failed = db.prepare(
    `UPDATE release_events SET notice_state = ?, notice_next_at = ?, notice_attempts = notice_attempts + 1,
       notice_claimed_until = NULL, notice_error = ? WHERE id = ? AND notice_claimed_until = ?`,
  );
  const backlog = db.prepare(NOTICE_BACKLOG_SQL);

  return {
    async claimDue(limit, leaseMs, now = Date.now()) {
      // Read first: a poll that finds nothing due takes no write lock (each instance polls every second).
      if ((due.all({ now, limit: 1 }) as number[]).length === 0) return [];
      return whileBusy(() => claim.immediate(limit, leaseMs, now));
    },
    async markSent(notice) {
      return (await whileBusy(() => sent.run(notice.eventId, notice.claimedUntil))).changes === 1;
    },
    async markAttemptFailed(notice, error, retryAt) {
      const { state, nextAt } = afterFailure(retryAt);
      const run = () => failed.run(state, nextAt, clipError(error), notice.eventId, notice.claimedUntil);
      return (await whileBusy(run)).changes === 1;
    },
    async backlog() {
      const row = backlog.get() as { pending: number; failed: number };
      return { pending: row.pending, failed: row.failed };
    },
  };
}
