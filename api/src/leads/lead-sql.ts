/**
 * The lead store's SQL, written once for SQLite and PostgreSQL (platform/sql-runner.ts): a lead and
 * its outbox rows commit in one transaction, and a claim leases due rows in one statement, which
 * PostgreSQL's SKIP LOCKED keeps two relays from sharing and SQLite's single writer takes alone.
 */
import { randomUUID } from 'node:crypto';
import type { SqlRunner, Statement } from '../platform/sql-runner';
import { clipError } from '../platform/delivery-retries';
import { rows } from '../platform/sql-steps';
import { LEAD_COLUMNS, leadValues, leadFromRow, newLead, outboxFromRow, type LeadRow, type LeadStore, type OutboxRow } from './lead-store';
import { FAILED_VIEW_SQL, leadViewValues, STORED_VIEW_SQL } from './lead-views';

const INSERT_LEAD = `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${LEAD_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

const placeholders = (count: number) => Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ');

/** On `runner`'s database, which its owner closes. */
export function leadStoreOnRunner(runner: SqlRunner): LeadStore {
  // The database outlives the store: once closed, the store is not ready (its ping fails).
  let closed = false;
  return {
    kind: runner.kind,
    async addLead(submission, channels, view) {
      const lead = newLead(submission, randomUUID(), new Date());
      const statements: Statement[] = [
        { sql: INSERT_LEAD, params: leadValues(lead) },
        ...channels.map((channel) => ({
          sql: 'INSERT INTO outbox (lead_id, channel, next_attempt_at, updated_at) VALUES ($1, $2, $3, $4)',
          params: [lead.id, channel, Date.parse(lead.createdAt), lead.createdAt],
        })),
      ];
      if (view) statements.push({ sql: STORED_VIEW_SQL, params: leadViewValues(view, 'stored', lead.id) });
      await runner.transaction(statements);
      return lead;
    },
    async addFailedView(view) {
      await runner.run(FAILED_VIEW_SQL, leadViewValues(view, 'failed', null));
    },
    async listLeads() {
      return (await runner.query<LeadRow>('SELECT * FROM leads ORDER BY seq', [])).map(leadFromRow);
    },
    async countLeads() {
      const [row] = await runner.query<{ count: number | string }>('SELECT COUNT(*) AS count FROM leads', []);
      return Number(row?.count ?? 0);
    },
    claimDue: (limit, leaseMs, now = Date.now()) =>
      runner.steps(function* () {
        const leased = yield* rows<OutboxRow>(
          `UPDATE outbox SET next_attempt_at = $3 WHERE id IN (
             SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY id LIMIT $2 ${runner.skipLocked})
           RETURNING *`,
          [now, limit, now + leaseMs],
        );
        const leadIds = [...new Set(leased.map((row) => row.lead_id))];
        const leads =
          leadIds.length === 0 ? [] : yield* rows<LeadRow>(`SELECT * FROM leads WHERE id IN (${placeholders(leadIds.length)})`, leadIds);
        const byId = new Map(leads.map((row) => [row.id, leadFromRow(row)]));
        return leased.map((row) => ({ entry: outboxFromRow(row), lead: byId.get(row.lead_id)! })).sort((a, b) => a.entry.id - b.entry.id);
      }),
    async markDelivered(entryId) {
      await runner.run(
        "UPDATE outbox SET status = 'delivered', attempts = attempts + 1, last_error = NULL, updated_at = $1 WHERE id = $2",
        [new Date().toISOString(), entryId],
      );
    },
    async markAttemptFailed(entryId, error, retryAt) {
      await runner.run(
        'UPDATE outbox SET status = $1, attempts = attempts + 1, last_error = $2, next_attempt_at = $3, updated_at = $4 WHERE id = $5',
        [retryAt === null ? 'failed' : 'pending', clipError(error), retryAt ?? 0, new Date().toISOString(), entryId],
      );
    },
    // Run by an operator while the api may be writing: waits for the write lock like a lead does.
    requeueFailed: (now = Date.now()) =>
      runner.run("UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1, updated_at = $2 WHERE status = 'failed'", [
        now,
        new Date(now).toISOString(),
      ]),
    async listOutbox() {
      return (await runner.query<OutboxRow>('SELECT * FROM outbox ORDER BY id', [])).map(outboxFromRow);
    },
    async ping() {
      // Ready means a lead could be written now (on SQLite, the write lock within reach and the file writable).
      if (closed) throw new Error('The lead store is closed');
      await runner.ready();
    },
    async close() {
      // The database is its owner's to close.
      closed = true;
    },
  };
}
