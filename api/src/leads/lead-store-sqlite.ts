/**
 * The embedded lead store: one SQLite file. WAL lets the export CLI read while the server writes;
 * synchronous=FULL syncs every commit, so an acknowledged lead survives a killed process or a power cut.
 */
import { onOwnSqlite } from '../database/own-database';
import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { bindPositional, preparedStatements, whileBusy } from '../platform/db-connections';
import { FAILED_VIEW_SQL, leadViewValues, STORED_VIEW_SQL, type LeadView } from './lead-views';
import {
  clipError,
  LEAD_COLUMNS,
  leadValues,
  leadFromRow,
  newLead,
  outboxFromRow,
  type Channel,
  type Lead,
  type LeadRow,
  type LeadStore,
  type LeadSubmission,
  type OutboxJob,
  type OutboxRow,
} from './lead-store';

/** On a hold of its own on the SQLite file (scripts, tests): its close() lets go of it. */
export const openSqliteStore = (dataDir: string): LeadStore => onOwnSqlite(dataDir, (connection) => sqliteLeadStore(connection.db));

/** On the process's one SQLite connection, which its owner closes. */
export function sqliteLeadStore(db: Database.Database): LeadStore {
  // The connection outlives the store: once closed, the store is not ready (its ping fails).
  let closed = false;
  const insertLead = db.prepare(`INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${LEAD_COLUMNS.map(() => '?').join(', ')})`);
  const insertOutbox = db.prepare('INSERT INTO outbox (lead_id, channel, next_attempt_at, updated_at) VALUES (?, ?, ?, ?)');
  const statement = preparedStatements(db);
  const add = db.transaction((lead: Lead, channels: readonly Channel[], view: LeadView | undefined) => {
    // SQLite has no boolean: agree_to_updates is 0 or 1.
    insertLead.run(leadValues(lead).map((value) => (typeof value === 'boolean' ? Number(value) : value)));
    for (const channel of channels) insertOutbox.run(lead.id, channel, Date.parse(lead.createdAt), lead.createdAt);
    if (view) statement(STORED_VIEW_SQL).run(bindPositional(leadViewValues(view, 'stored', lead.id)));
  });
  const selectDue = db.prepare("SELECT * FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?");
  const lease = db.prepare('UPDATE outbox SET next_attempt_at = ? WHERE id = ?');
  const leadById = db.prepare('SELECT * FROM leads WHERE id = ?');
  const claim = db.transaction((limit: number, leaseMs: number, now: number): OutboxJob[] => {
    const rows = selectDue.all(now, limit) as OutboxRow[];
    return rows.map((row) => {
      lease.run(now + leaseMs, row.id);
      return { entry: outboxFromRow(row), lead: leadFromRow(leadById.get(row.lead_id) as LeadRow) };
    });
  });

  return {
    kind: 'sqlite',
    async addLead(submission: LeadSubmission, channels: readonly Channel[], view?: LeadView) {
      const lead = newLead(submission, randomUUID(), new Date());
      await whileBusy(() => add.immediate(lead, channels, view));
      return lead;
    },
    async addFailedView(view) {
      await whileBusy(() => statement(FAILED_VIEW_SQL).run(bindPositional(leadViewValues(view, 'failed', null))));
    },
    async listLeads() {
      return (db.prepare('SELECT * FROM leads ORDER BY seq').all() as LeadRow[]).map(leadFromRow);
    },
    async countLeads() {
      return db.prepare('SELECT COUNT(*) FROM leads').pluck().get() as number;
    },
    async claimDue(limit, leaseMs, now = Date.now()) {
      return claim.immediate(limit, leaseMs, now);
    },
    async markDelivered(entryId) {
      db.prepare("UPDATE outbox SET status = 'delivered', attempts = attempts + 1, last_error = NULL, updated_at = ? WHERE id = ?").run(
        new Date().toISOString(),
        entryId,
      );
    },
    async markAttemptFailed(entryId, error, retryAt) {
      db.prepare(
        'UPDATE outbox SET status = ?, attempts = attempts + 1, last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?',
      ).run(retryAt === null ? 'failed' : 'pending', clipError(error), retryAt ?? 0, new Date().toISOString(), entryId);
    },
    async requeueFailed(now = Date.now()) {
      const requeue = db.prepare(
        "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, updated_at = ? WHERE status = 'failed'",
      );
      // Run by an operator while the api may be writing: waits for the write lock like a lead does.
      return whileBusy(() => requeue.run(now, new Date(now).toISOString()).changes);
    },
    async listOutbox() {
      return (db.prepare('SELECT * FROM outbox ORDER BY id').all() as OutboxRow[]).map(outboxFromRow);
    },
    async ping() {
      // Ready means a lead could be written now: the write lock is within reach (not held for long by
      // another process) and the file is writable.
      if (closed) throw new Error('The lead store is closed');
      await whileBusy(() => db.transaction(() => undefined).immediate(), 1000);
    },
    async close() {
      // The connection is its owner's to close.
      closed = true;
    },
  };
}
