/**
 * What became of the last scheduled promotion, while nothing new is scheduled: one refused at its time
 * (and why) or cancelled (and by whom) stays in the listing, so a team that scheduled a launch sees it
 * did not happen without reading the timeline or the server's log.
 */
import type { ReleaseEvent } from '../registry-store';

export interface ScheduleOutcome {
  outcome: 'refused' | 'cancelled';
  version: string;
  /** When it was due, and at which share (100: every visitor). */
  dueAt: string | null;
  share: number | null;
  /** When it was refused or cancelled, and by whom. */
  at: string;
  actor: string;
  /** Why it was refused at its time; null for a cancellation. */
  reason: string | null;
}

const SCHEDULE_ACTIONS = new Set(['schedule', 'unschedule', 'schedule-refused']);

export function lastScheduleOutcome(events: readonly ReleaseEvent[]): ScheduleOutcome | null {
  const last = events.findLast((e) => SCHEDULE_ACTIONS.has(e.action));
  if (!last || last.action === 'schedule') return null;
  let details: { at?: unknown; share?: unknown; reason?: unknown } = {};
  try {
    details = JSON.parse(last.details ?? '{}') as typeof details;
  } catch {
    // an event written without details: the outcome without them
  }
  return {
    outcome: last.action === 'schedule-refused' ? 'refused' : 'cancelled',
    version: last.version,
    dueAt: typeof details.at === 'string' ? details.at : null,
    share: typeof details.share === 'number' ? details.share : null,
    at: last.at,
    actor: last.actor,
    reason: typeof details.reason === 'string' ? details.reason : null,
  };
}
