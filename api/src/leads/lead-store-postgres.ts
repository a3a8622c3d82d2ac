/**
 * The lead store on PostgreSQL (DATABASE_URL), for several api instances behind a load balancer.
 * Migrations take an advisory lock so instances starting together apply each migration once; outbox
 * rows are leased with SKIP LOCKED so two relays never deliver the same row at the same time.
 */
import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { inTransaction } from '../platform/db-connections';
import {
  clipError,
  LEAD_COLUMNS,
  leadValues,
  leadFromRow,
  newLead,
  outboxFromRow,
  type Channel,
  type LeadRow,
  type LeadStore,
  type LeadSubmission,
  type OutboxRow,
} from './lead-store';
import { FAILED_VIEW_SQL, leadViewValues, STORED_VIEW_SQL, type LeadView } from './lead-views';

const INSERT_LEAD = `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${LEAD_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

/** On the process's pool, which its owner ends. */
export function postgresLeadStore(pool: pg.Pool): LeadStore {
  // The pool outlives the store: once closed, the store is not ready (its ping fails).
  let closed = false;
  return {
    kind: 'postgres',
    async addLead(submission: LeadSubmission, channels: readonly Channel[], view?: LeadView) {
      const lead = newLead(submission, randomUUID(), new Date());
      await inTransaction(pool, async (client) => {
        await client.query(INSERT_LEAD, leadValues(lead));
        for (const channel of channels) {
          await client.query('INSERT INTO outbox (lead_id, channel, next_attempt_at, updated_at) VALUES ($1, $2, $3, $4)', [
            lead.id,
            channel,
            Date.parse(lead.createdAt),
            lead.createdAt,
          ]);
        }
        if (view) await client.query(STORED_VIEW_SQL, leadViewValues(view, 'stored', lead.id));
      });
      return lead;
    },
    async addFailedView(view) {
      await pool.query(FAILED_VIEW_SQL, leadViewValues(view, 'failed', null));
    },
    async listLeads() {
      const { rows } = await pool.query<LeadRow>('SELECT * FROM leads ORDER BY seq');
      return rows.map(leadFromRow);
    },
    async countLeads() {
      const { rows } = await pool.query<{ count: string }>('SELECT COUNT(*) AS count FROM leads');
      return Number(rows[0]?.count ?? 0);
    },
    async claimDue(limit, leaseMs, now = Date.now()) {
      const { rows } = await pool.query<OutboxRow & { lead: LeadRow }>(
        `WITH due AS (
           SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
         ), leased AS (
           UPDATE outbox o SET next_attempt_at = $3 FROM due WHERE o.id = due.id RETURNING o.*
         )
         SELECT leased.*, row_to_json(l.*) AS lead FROM leased JOIN leads l ON l.id = leased.lead_id ORDER BY leased.id`,
        [now, limit, now + leaseMs],
      );
      return rows.map((row) => ({ entry: outboxFromRow(row), lead: leadFromRow(row.lead) }));
    },
    async markDelivered(entryId) {
      await pool.query(
        "UPDATE outbox SET status = 'delivered', attempts = attempts + 1, last_error = NULL, updated_at = now() WHERE id = $1",
        [entryId],
      );
    },
    async markAttemptFailed(entryId, error, retryAt) {
      await pool.query(
        'UPDATE outbox SET status = $1, attempts = attempts + 1, last_error = $2, next_attempt_at = $3, updated_at = now() WHERE id = $4',
        [retryAt === null ? 'failed' : 'pending', clipError(error), retryAt ?? 0, entryId],
      );
    },
    async requeueFailed(now = Date.now()) {
      const { rowCount } = await pool.query(
        "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, updated_at = now() WHERE status = 'failed'",
        [now],
      );
      return rowCount ?? 0;
    },
    async listOutbox() {
      const { rows } = await pool.query<OutboxRow>('SELECT * FROM outbox ORDER BY id');
      return rows.map(outboxFromRow);
    },
    async ping() {
      if (closed) throw new Error('The lead store is closed');
      await pool.query('SELECT 1');
    },
    async close() {
      // The pool is its owner's to end.
      closed = true;
    },
  };
}
