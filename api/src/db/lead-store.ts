/**
 * Where leads live. Two implementations with one behaviour (the same test suite runs against both):
 * SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. A lead and its outbox rows
 * are committed in one transaction before the api answers 201.
 */
import type { ContactSubmission } from '../contracts';

/** Ways a new lead is announced; each gets its own outbox row, so one can succeed while another retries. */
export type Channel = 'webhook' | 'email';
export type OutboxStatus = 'pending' | 'delivered' | 'failed';

export interface Lead extends ContactSubmission {
  id: string;
  createdAt: string;
}

export interface OutboxEntry {
  id: number;
  leadId: string;
  channel: Channel;
  status: OutboxStatus;
  attempts: number;
  /** Epoch milliseconds of the next delivery attempt (pending rows only). */
  nextAttemptAt: number;
  lastError: string | null;
}

/** An outbox row leased to a relay, with its lead. */
export interface OutboxJob {
  entry: OutboxEntry;
  lead: Lead;
}

export interface LeadStore {
  readonly kind: 'sqlite' | 'postgres';
  /** Commits the lead and one pending outbox row per channel together. */
  addLead(submission: ContactSubmission, channels: readonly Channel[]): Promise<Lead>;
  /** Every lead, oldest first. */
  listLeads(): Promise<Lead[]>;
  countLeads(): Promise<number>;
  /**
   * Leases up to `limit` due pending rows by pushing their next attempt `leaseMs` ahead, so another
   * relay (another api instance) does not pick them up meanwhile; a crashed relay's lease just expires.
   */
  claimDue(limit: number, leaseMs: number, now?: number): Promise<OutboxJob[]>;
  markDelivered(entryId: number): Promise<void>;
  /** Records a failed attempt: retried at `retryAt`, or left `failed` for good when it is null. */
  markAttemptFailed(entryId: number, error: string, retryAt: number | null): Promise<void>;
  listOutbox(): Promise<OutboxEntry[]>;
  /** Throws when the database cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Column values of a lead row, shared by both implementations. */
export interface LeadRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  job_title: string;
  company: string;
  business_help: string;
  agree_to_updates: boolean | number;
  created_at: string | Date;
}

export interface OutboxRow {
  id: number | string;
  lead_id: string;
  channel: string;
  status: string;
  attempts: number;
  next_attempt_at: number | string;
  last_error: string | null;
}

export function leadFromRow(row: LeadRow): Lead {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    jobTitle: row.job_title,
    company: row.company,
    businessHelp: row.business_help as Lead['businessHelp'],
    agreeToUpdates: Boolean(row.agree_to_updates),
    // PostgreSQL hands back a Date or, through row_to_json, its own text form: normalise to ISO.
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function outboxFromRow(row: OutboxRow): OutboxEntry {
  return {
    id: Number(row.id),
    leadId: row.lead_id,
    channel: row.channel as Channel,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: Number(row.next_attempt_at),
    lastError: row.last_error,
  };
}

/** Error text kept in the outbox: bounded, so a chatty remote cannot bloat the table. */
export const clipError = (message: string) => message.slice(0, 500);
