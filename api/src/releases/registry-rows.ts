/** The registry's rows as the databases answer them (dates as text or Date), and the values its statements take. */
import type { RemoteName } from '@cardlift/contracts';
import type { ServedBefore } from './commit-statements';
import type { Canary, ReleaseAction, ReleaseEvent, ReleaseRecord, ReleaseState, ScheduledAction } from './registry-store';

export interface ReleaseRow {
  remote: string;
  version: string;
  state: string;
  position: number | null;
  created_at: string | Date;
  created_by: string;
  git_sha: string | null;
  rolled_back_at: string | Date | null;
  notes?: string | null;
  ci_url?: string | null;
}

export interface EventRow {
  remote: string;
  action: string;
  version: string;
  from_version: string | null;
  actor: string;
  git_sha: string | null;
  at: string | Date;
  details?: string | null;
}

const iso = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

export function releaseFromRow(row: ReleaseRow): ReleaseRecord {
  return {
    remote: row.remote as RemoteName,
    version: row.version,
    state: row.state as ReleaseState,
    position: row.position === null ? null : Number(row.position),
    createdAt: iso(row.created_at),
    createdBy: row.created_by,
    gitSha: row.git_sha,
    rolledBackAt: row.rolled_back_at === null ? null : iso(row.rolled_back_at),
    notes: row.notes ?? null,
    ciUrl: row.ci_url ?? null,
  };
}

export function eventFromRow(row: EventRow): ReleaseEvent {
  return {
    remote: row.remote as RemoteName,
    action: row.action as ReleaseAction,
    version: row.version,
    fromVersion: row.from_version,
    actor: row.actor,
    gitSha: row.git_sha,
    at: iso(row.at),
    details: row.details ?? null,
  };
}

export interface CanaryRow {
  remote: string;
  canary_version: string | null;
  canary_share: number | null;
  canary_since: string | Date | null;
}

export function canaryFromRow(row: CanaryRow | undefined): Canary | null {
  if (!row?.canary_version || row.canary_share === null || row.canary_since === null) return null;
  return { version: row.canary_version, share: Number(row.canary_share), since: iso(row.canary_since) };
}

/** The rows of remote_registry as what an instance serves. */
export function servingFromRows(rows: readonly (CanaryRow & { version: string })[]) {
  const canaries = new Map<RemoteName, Canary>();
  for (const row of rows) {
    const canary = canaryFromRow(row);
    if (canary) canaries.set(row.remote as RemoteName, canary);
  }
  return { current: new Map(rows.map((r) => [r.remote as RemoteName, r.version])), canaries };
}

/** The notice columns of a new event (notice_state, notice_body, notice_next_at), in this order: due at once, or none. */
export const noticeValues = (event: ReleaseEvent, now = Date.now()) =>
  event.notice === undefined ? [null, null, null] : ['pending', event.notice, now];

/** What a commit reads of the remote before it writes, for the statements dependents add (commit-statements.ts). */
export const SERVED_BEFORE_SQL = 'SELECT version, canary_version FROM remote_registry WHERE remote = $1';

export const servedBefore = (row: { version: string; canary_version: string | null } | undefined): ServedBefore => ({
  version: row?.version ?? null,
  canaryVersion: row?.canary_version ?? null,
});

/** The registry columns a canary change writes, in this order. */
export const canaryValues = (canary: Canary | null) => [canary?.version ?? null, canary?.share ?? null, canary?.since ?? null];

/** The upsert both databases run: a candidate row never replaces a released one. */
export const UPSERT_RELEASE_SQL = `ON CONFLICT (remote, version) DO UPDATE SET state = excluded.state, position = excluded.position,
  created_at = excluded.created_at, created_by = excluded.created_by, git_sha = excluded.git_sha, rolled_back_at = excluded.rolled_back_at,
  notes = excluded.notes, ci_url = excluded.ci_url
  WHERE NOT (excluded.state = 'candidate' AND remote_releases.state = 'released')`;

export interface ScheduleRow {
  remote: string;
  id: string;
  version: string;
  share: number | null;
  due_at: string | Date;
  base_revision: number;
  actor: string;
  git_sha: string | null;
  created_at: string | Date;
}

export function scheduleFromRow(row: ScheduleRow | undefined): ScheduledAction | null {
  if (!row) return null;
  return {
    remote: row.remote as RemoteName,
    id: row.id,
    version: row.version,
    share: row.share === null ? null : Number(row.share),
    dueAt: iso(row.due_at),
    baseRevision: Number(row.base_revision),
    actor: row.actor,
    gitSha: row.git_sha,
    createdAt: iso(row.created_at),
  };
}

/** The columns of a scheduled action, in the order SCHEDULE_COLUMNS names them. */
export const scheduleValues = (s: ScheduledAction) => [
  s.remote,
  s.id,
  s.version,
  s.share,
  s.dueAt,
  s.baseRevision,
  s.actor,
  s.gitSha,
  s.createdAt,
];
export const SCHEDULE_COLUMNS = 'remote, id, version, share, due_at, base_revision, actor, git_sha, created_at';

/** Promotion order, then candidates by age: the order `releases` lists them in. */
export const RELEASE_ORDER_SQL = 'ORDER BY position IS NULL, position, created_at';
