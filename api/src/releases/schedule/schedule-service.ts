/**
 * A release that goes live at a set time: a promotion (to every visitor, or a canary's share) stored
 * in the registry beside the current version, shown by the listing and the CLI, cancelled by the team,
 * and carried out by whichever api instance first sees it due (schedule-runner.ts). Carrying it out is
 * the same promotion a person makes (promoteRelease, startCanary), whose commit also ends the
 * schedule: of two instances, one commits and the other's commit is refused, so it happens once.
 *
 * At its time it is refused, and the refusal recorded with its reason, when the registry changed in a
 * way that makes it wrong: its version was removed, a canary of another version runs, or the registry
 * moved since it was scheduled (a promotion or rollback by hand). A promotion of the running canary's
 * version, scheduled while it runs, completes that canary at its time whatever share the guard stepped
 * it to; ended meanwhile, it is refused.
 */
import { randomUUID } from 'node:crypto';
import type { RemoteName } from '@cardlift/contracts';
import { startCanary, FULL_SHARE } from '../canary/canary-service';
import { releaseEvent as event } from '../release-events';
import { commitChange } from '../release-commits';
import { promoteRelease, ReleaseRefused, type Actor, type ReleaseContext } from '../release-service';
import type { RemoteState, ScheduledAction } from '../registry-store';

/** How far ahead a promotion may be scheduled. */
export const SCHEDULE_HORIZON_DAYS = 90;

const nowOf = (context: ReleaseContext) => context.now?.() ?? new Date();

export interface ScheduleRequest extends Actor {
  remote: RemoteName;
  version: string;
  /** 1 to 99 starts a canary at that time; 100 (or none) promotes to every visitor. */
  share?: number | undefined;
  at: Date;
}

export async function schedulePromotion(context: ReleaseContext, request: ScheduleRequest): Promise<ScheduledAction> {
  const { remote, version } = request;
  const now = nowOf(context);
  if (request.at.getTime() <= now.getTime())
    throw new ReleaseRefused(`at must be in the future (it is ${now.toISOString()} now)`, [], 'invalid');
  if (request.at.getTime() > now.getTime() + SCHEDULE_HORIZON_DAYS * 86_400_000)
    throw new ReleaseRefused(`at may be ${SCHEDULE_HORIZON_DAYS} days ahead at most`, [], 'invalid');
  const state = await context.store.state(remote);
  if (!state.releases.some((r) => r.version === version)) throw new ReleaseRefused(`${remote} has no release ${version}`, [], 'not_found');
  if (state.scheduled)
    throw new ReleaseRefused(
      `${remote} already has ${scheduledSummary(state.scheduled)}: cancel it (DELETE /api/releases/${remote}/scheduled) first`,
      [],
      'conflict',
    );
  // A promotion of the running canary's version completes that canary at its time (the README's CI
  // example: a canary now, everyone at the launch); any other version would end it, so it waits.
  if (state.canary && state.canary.version !== version)
    throw new ReleaseRefused(
      `a canary of ${remote} ${state.canary.version} runs at ${state.canary.share} %: schedule that version (it completes the canary at its time), or end the canary first`,
      [],
      'conflict',
    );
  const share = request.share !== undefined && request.share < FULL_SHARE ? request.share : null;
  if (state.current === version) throw new ReleaseRefused(`${remote} is already on ${version}`, [], 'conflict');
  const scheduled: ScheduledAction = {
    remote,
    id: randomUUID(),
    version,
    share,
    dueAt: request.at.toISOString(),
    baseRevision: state.revision,
    actor: request.actor,
    gitSha: request.gitSha ?? null,
    createdAt: now.toISOString(),
  };
  const line = { ...event(remote, 'schedule', version, state.current, request, now.toISOString()), details: detailsOf(scheduled) };
  await commitChange(context, { remote, expectedRevision: state.revision, upsert: [], events: [line], schedule: { set: scheduled } });
  return scheduled;
}

export async function cancelScheduled(context: ReleaseContext, who: Actor & { remote: RemoteName }): Promise<ScheduledAction> {
  const state = await context.store.state(who.remote);
  const scheduled = state.scheduled;
  if (!scheduled) throw new ReleaseRefused(`${who.remote} has nothing scheduled`, [], 'not_found');
  const line = {
    ...event(who.remote, 'unschedule', scheduled.version, state.current, who, nowOf(context).toISOString()),
    details: detailsOf(scheduled),
  };
  await commitChange(context, {
    remote: who.remote,
    expectedRevision: state.revision,
    upsert: [],
    events: [line],
    schedule: { clear: scheduled.id },
  });
  return scheduled;
}

/** Why carrying `scheduled` out now would be wrong, or undefined when it is still what was meant. */
async function whyWrong(context: ReleaseContext, state: RemoteState, scheduled: ScheduledAction): Promise<string | undefined> {
  const { remote, version } = scheduled;
  // `ensure`: with builds in the database, one stored through another instance is fetched to this one's cache first.
  if (!state.releases.some((r) => r.version === version) || !(await context.artifacts.ensure(remote, version)))
    return `${version} was removed`;
  if (state.canary?.version === version) return undefined; // the guard's steps meanwhile change nothing of it
  if (state.canary) return `a canary of ${state.canary.version} runs at ${state.canary.share} %`;
  if (state.revision !== scheduled.baseRevision)
    return `the registry moved since it was scheduled (now on ${state.current ?? 'no release'})`;
  return undefined;
}

export type CarryOutcome = 'done' | 'refused' | 'gone';

/**
 * Carries out `scheduled` if it is still there: promoted, or refused and recorded. 'gone' when
 * another instance got to it first (or it was cancelled meanwhile).
 */
export async function carryOut(context: ReleaseContext, scheduled: ScheduledAction): Promise<CarryOutcome> {
  const state = await context.store.state(scheduled.remote);
  if (state.scheduled?.id !== scheduled.id) return 'gone';
  const who = {
    remote: scheduled.remote,
    version: scheduled.version,
    actor: `scheduled by ${scheduled.actor}`,
    gitSha: scheduled.gitSha ?? undefined,
  };
  const reason = await whyWrong(context, state, scheduled);
  try {
    if (!reason) {
      await (scheduled.share === null
        ? promoteRelease(context, { ...who, carriesOut: scheduled.id })
        : startCanary(context, { ...who, share: scheduled.share, carriesOut: scheduled.id }));
      return 'done';
    }
  } catch (error) {
    if (!(error instanceof ReleaseRefused)) throw error;
    // Lost to another instance, or the registry moved between the read and the commit: read again.
    const again = await context.store.state(scheduled.remote);
    if (again.scheduled?.id !== scheduled.id) return 'gone';
    return refuse(context, again, scheduled, error.message);
  }
  return refuse(context, state, scheduled, reason);
}

async function refuse(context: ReleaseContext, state: RemoteState, scheduled: ScheduledAction, reason: string): Promise<CarryOutcome> {
  const at = nowOf(context).toISOString();
  const line = {
    ...event(scheduled.remote, 'schedule-refused', scheduled.version, state.current, { actor: 'scheduler' }, at),
    details: JSON.stringify({ ...JSON.parse(detailsOf(scheduled)), reason }),
  };
  try {
    await commitChange(context, {
      remote: scheduled.remote,
      expectedRevision: state.revision,
      upsert: [],
      events: [line],
      schedule: { clear: scheduled.id },
    });
    return 'refused';
  } catch (error) {
    if (error instanceof ReleaseRefused) return 'gone';
    throw error;
  }
}

const detailsOf = (s: ScheduledAction) => JSON.stringify({ at: s.dueAt, share: s.share ?? FULL_SHARE, by: s.actor });

/** "a promotion of V at T" or "a canary of V at S % at T". */
export const scheduledSummary = (s: ScheduledAction) =>
  `${s.share === null ? 'a promotion' : `a canary at ${s.share} %`} of ${s.version} scheduled for ${s.dueAt}`;
