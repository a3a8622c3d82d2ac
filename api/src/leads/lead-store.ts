/**
 * Where leads live. Two implementations with one behaviour (the same test suite runs against both):
 * SQLite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set. A lead and its outbox rows
 * are committed in one transaction before the api answers 201.
 */
import { ATTRIBUTION_FIELDS, type Attribution, type AttributionField, type ContactSubmission } from '@cardlift/contracts';
import type { LeadView } from './lead-views';

/** Ways a new lead is announced; each gets its own outbox row, so one can succeed while another retries. */
export type Channel = 'webhook' | 'email';
export type OutboxStatus = 'pending' | 'delivered' | 'failed';

/** What the store takes: the form's fields and where the visit came from. */
export interface LeadSubmission extends ContactSubmission {
  attribution?: Attribution;
}

export interface Lead extends ContactSubmission {
  id: string;
  createdAt: string;
  /** Only the fields the visit had (all optional); `{}` for a lead without any. */
  attribution: Attribution;
}

/** The leads column of each attribution field (a nullable TEXT column each, so sales can query them). */
export const ATTRIBUTION_COLUMNS: Record<AttributionField, string> = {
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
  referrer: 'referrer',
  landingPage: 'landing_page',
};

/** The lead's new row: its id and time, with every attribution column (null where the visit had none). */
export function newLead(submission: LeadSubmission, id: string, createdAt: Date): Lead {
  const { attribution = {}, ...form } = submission;
  return { ...form, id, createdAt: createdAt.toISOString(), attribution };
}

/** Columns of a new lead row, in the order of leadValues. */
export const LEAD_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'email',
  'job_title',
  'company',
  'business_help',
  'agree_to_updates',
  'created_at',
  ...ATTRIBUTION_FIELDS.map((field) => ATTRIBUTION_COLUMNS[field]),
];

/** A new lead's values in LEAD_COLUMNS order (null for attribution the visit did not have). */
export function leadValues(lead: Lead): (string | boolean | null)[] {
  return [
    lead.id,
    lead.firstName,
    lead.lastName,
    lead.email,
    lead.jobTitle,
    lead.company,
    lead.businessHelp,
    lead.agreeToUpdates,
    lead.createdAt,
    ...ATTRIBUTION_FIELDS.map((field) => lead.attribution[field] ?? null),
  ];
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
  /**
   * Commits the lead and one pending outbox row per channel together, and the page view it came from
   * when known (lead-views.ts), in the same transaction.
   */
  addLead(submission: LeadSubmission, channels: readonly Channel[], view?: LeadView): Promise<Lead>;
  /** Notes that the api answered a post from `view` with an error (kept only if the view has nothing yet). */
  addFailedView(view: LeadView): Promise<void>;
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
  /**
   * Puts every notification left `failed` back in the queue, due at `now` with a whole new run of
   * attempts (its last error kept until it is delivered); answers how many.
   */
  requeueFailed(now?: number): Promise<number>;
  listOutbox(): Promise<OutboxEntry[]>;
  /** Throws when the database cannot be reached or could not take a write now. */
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
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
  referrer?: string | null;
  landing_page?: string | null;
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
    attribution: Object.fromEntries(
      ATTRIBUTION_FIELDS.flatMap((field) => {
        const value = row[ATTRIBUTION_COLUMNS[field] as keyof LeadRow];
        return typeof value === 'string' ? [[field, value]] : [];
      }),
    ),
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
