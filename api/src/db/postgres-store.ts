/**
 * The lead store on PostgreSQL (DATABASE_URL), for several api instances behind a load balancer.
 * Migrations take an advisory lock so instances starting together apply each migration once; outbox
 * rows are leased with SKIP LOCKED so two relays never deliver the same row at the same time.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { MIGRATIONS } from './migrations';
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

const INSERT_LEAD = `INSERT INTO leads (${LEAD_COLUMNS.join(', ')}) VALUES (${LEAD_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;

export interface PostgresOptions {
  /** Schema to work in (created when missing); tests use a fresh one per run. Default: the server's search_path. */
  schema?: string;
}

const MIGRATION_LOCK = 7_202_501;

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function migrate(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)');
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((r) => r.version));
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())', [migration.version]);
    }
  });
}

export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<LeadStore> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).finally(() => admin.end());
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  await migrate(pool);

  return {
    kind: 'postgres',
    async addLead(submission: LeadSubmission, channels: readonly Channel[]) {
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
      });
      return lead;
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
      await pool.query("UPDATE outbox SET status = 'delivered', attempts = attempts + 1, last_error = NULL, updated_at = now() WHERE id = $1", [entryId]);
    },
    async markAttemptFailed(entryId, error, retryAt) {
      await pool.query(
        'UPDATE outbox SET status = $1, attempts = attempts + 1, last_error = $2, next_attempt_at = $3, updated_at = now() WHERE id = $4',
        [retryAt === null ? 'failed' : 'pending', clipError(error), retryAt ?? 0, entryId],
      );
    },
    async listOutbox() {
      const { rows } = await pool.query<OutboxRow>('SELECT * FROM outbox ORDER BY id');
      return rows.map(outboxFromRow);
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}
