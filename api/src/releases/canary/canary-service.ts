/**
 * A canary: a stored release served to a share of visitors beside the current version. Started by a
 * promote with a share under 100, stepped up by the guard (or a later promote), completed by a promote
 * with share 100 (release-service.ts's promotion, which ends the canary in the same commit), ended by
 * a rollback. Every change is one revision-checked commit of the registry: all instances follow it.
 */
import type { RemoteName } from '@cardlift/contracts';
import { commitMove, schedulingOf } from '../release-commits';
import { baselineOf, nextPosition, ReleaseRefused, rollbackRelease, type Actor, type ReleaseContext } from '../release-service';
import { releaseEvent as event } from '../release-events';
import { canaryInTheWay, scheduleWarnings, type MoveNotices, type MoveOptions } from '../move-notices';
import type { Canary, RegistryChange, RemoteState, ReleaseEvent, ReleaseRecord } from '../registry-store';

export const FULL_SHARE = 100;

const nowIso = (context: ReleaseContext) => (context.now?.() ?? new Date()).toISOString();

/** Serves `version` to `share` % of visitors (1..99); a running canary of the same version changes share. */
export async function startCanary(
  context: ReleaseContext,
  options: Actor & MoveOptions & { remote: RemoteName; version: string; share: number; carriesOut?: string | undefined },
): Promise<{ current: string; canary: Canary; steppedFrom: number | null } & MoveNotices> {
  const { remote, version, share } = options;
  const state = await context.store.state(remote);
  if (!state.releases.some((r) => r.version === version)) throw new ReleaseRefused(`${remote} has no release ${version}`, [], 'not_found');
  const at = nowIso(context);
  // A remote that never had a release serves its checkout build: stored now, it is the canary's other side.
  const baseline = state.current ? undefined : await baselineOf(context, remote, state, options, at);
  const current = state.current ?? baseline?.record.version;
  if (!current)
    throw new ReleaseRefused(
      `${remote} has no current release to compare a canary with: promote ${version} with share 100 first`,
      [],
      'conflict',
    );
  if (current === version) throw new ReleaseRefused(`${remote} is already on ${version}`, [], 'conflict');
  const inTheWay = canaryInTheWay(state, remote, version, 'a canary of', options, at);
  if (!(await context.artifacts.ensure(remote, version)))
    throw new ReleaseRefused(`the files of ${remote} ${version} are missing from the artifact store: not starting a canary`);
  const canary: Canary = { version, share, since: at };
  // The same version again moves the running canary to the new share (a step), never a second start.
  const steppedFrom = state.canary?.version === version ? state.canary.share : null;
  const started = event(remote, steppedFrom === null ? 'canary' : 'step', version, current, options, at);
  const events = [
    inTheWay.ended
      ? { ...started, details: JSON.stringify({ endedCanary: inTheWay.ended.version, share: inTheWay.ended.share }) }
      : started,
  ];
  if (baseline) events.unshift(event(remote, 'baseline', current, null, { actor: options.actor }, at));
  // The canary's folder is never removed meanwhile: a record names it (RegistryStore.removeUnnamed).
  await commitMove(context, {
    remote,
    expectedRevision: state.revision,
    current,
    canary,
    upsert: [...(baseline ? [baseline.record] : []), ...inTheWay.upsert],
    events,
    ...schedulingOf(options),
  });
  // A schedule of this same version still means what it meant: it moves this canary at its time.
  const warnings = scheduleWarnings(state, { ...options, stepsCanaryOf: version });
  return { current, canary, steppedFrom, endedCanary: inTheWay.ended, warnings };
}

/** A rollback while a canary runs ends the canary (everyone on the current version); otherwise a rollback. */
export async function rollbackOrEndCanary(
  context: ReleaseContext,
  options: Actor & MoveOptions & { remote: RemoteName; to?: string | undefined },
): Promise<{ from: string; to: string } & MoveNotices> {
  const state = await context.store.state(options.remote);
  if (!state.canary || !state.current || options.to !== undefined) return rollbackRelease(context, options);
  const change = endCanaryChange(state, options.remote, options, nowIso(context));
  await commitMove(context, { ...change, current: state.current });
  // A scheduled completion of this canary has nothing left to complete: it is refused at its time.
  return { from: state.canary.version, to: state.current, endedCanary: state.canary, warnings: scheduleWarnings(state, {}) };
}

/** The change that ends the canary: its record marked rolled back, everyone on the current version. */
export function endCanaryChange(state: RemoteState, remote: RemoteName, who: Actor, at: string, details?: string): RegistryChange {
  const canary = state.canary!;
  const record = state.releases.find((r) => r.version === canary.version);
  return {
    remote,
    expectedRevision: state.revision,
    current: state.current!,
    canary: null,
    upsert: record ? [{ ...record, rolledBackAt: at }] : [],
    events: [withDetails(event(remote, 'rollback', state.current!, canary.version, who, at), details)],
  };
}

/** The change that raises the canary's share (a new window starts). */
export function stepCanaryChange(
  state: RemoteState,
  remote: RemoteName,
  share: number,
  who: Actor,
  at: string,
  details?: string,
): RegistryChange {
  const canary = state.canary!;
  return {
    remote,
    expectedRevision: state.revision,
    current: state.current!,
    canary: { ...canary, share, since: at },
    upsert: [],
    events: [withDetails(event(remote, 'step', canary.version, state.current, who, at), details)],
  };
}

/** The change that makes the canary the current version, as a promotion does. */
export function completeCanaryChange(state: RemoteState, remote: RemoteName, who: Actor, at: string, details?: string): RegistryChange {
  const canary = state.canary!;
  const record = state.releases.find((r) => r.version === canary.version)!;
  const promoted: ReleaseRecord = { ...record, state: 'released', position: nextPosition(state), rolledBackAt: null };
  return {
    remote,
    expectedRevision: state.revision,
    current: canary.version,
    canary: null,
    upsert: [promoted],
    events: [withDetails(event(remote, 'promote', canary.version, state.current, who, at), details)],
  };
}

const withDetails = (line: ReleaseEvent, details: string | undefined): ReleaseEvent => (details ? { ...line, details } : line);

/** The guard's report that it has held the canary's share past CANARY_MAX_HOLD: an event, the registry unmoved. */
export function overdueHoldChange(state: RemoteState, remote: RemoteName, who: Actor, at: string, details?: string): RegistryChange {
  const canary = state.canary!;
  return {
    remote,
    expectedRevision: state.revision,
    upsert: [],
    events: [withDetails(event(remote, 'hold', canary.version, state.current, who, at), details)],
  };
}
