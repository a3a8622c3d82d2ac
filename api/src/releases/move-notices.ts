/**
 * No move of the registry undoes another person's without saying so. A promotion or `rollback --to`
 * of another version while a canary runs would end that canary: it is refused (409, naming the canary
 * and the option that ends it) unless the caller asks to end it, and the answer then says it ended. A
 * move while a promotion is scheduled is made, and its answer warns that the scheduled one will be
 * refused at its time (the registry moved under it) unless it is cancelled.
 */
import { ReleaseRefused } from './release-context-types';
import type { Canary, ReleaseRecord, RemoteState, ScheduledAction } from './registry-store';

export interface MoveOptions {
  /** End a running canary of another version (`--end-canary`; the API's `endCanary: true`). */
  endCanary?: boolean | undefined;
}

/** What a move's answer says it ended or put at risk, beside what it did. */
export interface MoveNotices {
  /** The canary this move ended (its record marked rolled back), or null. */
  endedCanary: Canary | null;
  /** Sentences for whoever made the move: a scheduled promotion this move makes wrong. */
  warnings: string[];
}

/**
 * The canary a move to `version` would end: refused unless `endCanary`; the canary's record, marked
 * rolled back at `at`, to write with the move. Nothing when no canary runs or it is of `version`.
 */
export function canaryInTheWay(
  state: RemoteState,
  remote: string,
  version: string,
  move: string,
  options: MoveOptions,
  at: string,
): { ended: Canary | null; upsert: ReleaseRecord[] } {
  const canary = state.canary;
  if (!canary || canary.version === version) return { ended: null, upsert: [] };
  if (!options.endCanary)
    throw new ReleaseRefused(
      `a canary of ${remote} ${canary.version} runs at ${canary.share} %: ${move} ${version} would end it. Roll the canary back or promote it first, or pass --end-canary (endCanary: true) to end it with this move`,
      [],
      'conflict',
    );
  const record = state.releases.find((r) => r.version === canary.version);
  return { ended: canary, upsert: record ? [{ ...record, rolledBackAt: at }] : [] };
}

/** "a promotion of V to every visitor scheduled for T" as a person reads it. */
const described = (s: ScheduledAction) =>
  `the promotion of ${s.version} ${s.share === null ? 'to every visitor' : `as a canary at ${s.share} %`} scheduled for ${s.dueAt}`;

/**
 * The warning for a move that leaves a scheduled promotion wrong at its time. A canary of the version
 * the schedule names (started or stepped), or the move that carries the schedule out, leaves it as meant.
 */
export function scheduleWarnings(state: RemoteState, options: { carriesOut?: string | undefined; stepsCanaryOf?: string }): string[] {
  const scheduled = state.scheduled;
  if (!scheduled || options.carriesOut === scheduled.id) return [];
  if (options.stepsCanaryOf !== undefined && options.stepsCanaryOf === scheduled.version) return [];
  return [
    `${described(scheduled)} is still set: the registry moves now, so at its time it will be refused. Cancel it (promote --cancel) or schedule it again`,
  ];
}
