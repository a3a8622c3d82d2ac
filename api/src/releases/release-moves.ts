/**
 * Moves of a remote's live release between the releases it has stored: promotion (a candidate, or
 * an older release), rollback, and the listing they choose from. Each is one commit of the registry
 * (release-commits.ts); a canary in the way is ended in it, and said so in the move's event.
 */
import type { RemoteName } from '@cardlift/contracts';
import { rollbackTargetOf } from './named-versions';
import { ReleaseRefused, type ReleaseContext } from './release-context-types';
import { commitMove, schedulingOf } from './release-commits';
import { canaryInTheWay, scheduleWarnings, type MoveNotices, type MoveOptions } from './move-notices';
import { releaseEvent as event } from './release-events';
import { baselineOf, nextPosition } from './release-baseline';
import type { ReleaseEvent, ReleaseRecord } from './registry-store';
import type { Actor } from './release-service';

/** Makes a stored release (a candidate, or an older release) the live one. */
export async function promoteRelease(
  context: ReleaseContext,
  options: Actor & MoveOptions & { remote: RemoteName; version: string; carriesOut?: string | undefined },
): Promise<{ from: string | null; to: string } & MoveNotices> {
  const { remote, version } = options;
  const state = await context.store.state(remote);
  const record = state.releases.find((r) => r.version === version);
  if (!record) throw new ReleaseRefused(`${remote} has no release ${version}`, [], 'not_found');
  if (state.current === version) throw new ReleaseRefused(`${remote} is already on ${version}`, [], 'conflict');
  const at = (context.now?.() ?? new Date()).toISOString();
  const inTheWay = canaryInTheWay(state, remote, version, 'promoting', options, at);
  if (!(await context.artifacts.ensure(remote, version)))
    throw new ReleaseRefused(`the files of ${remote} ${version} are missing from the artifact store: not promoting it`);
  const baseline = await baselineOf(context, remote, state, options, at);
  const upsert = baseline && baseline.record.version !== version ? [baseline.record] : [];
  upsert.push(...inTheWay.upsert, { ...record, state: 'released', position: nextPosition(state), rolledBackAt: null });
  const from = state.current ?? baseline?.record.version ?? null;
  await commitMove(context, {
    remote,
    expectedRevision: state.revision,
    current: version,
    upsert,
    events: [endedIn(event(remote, 'promote', version, from, options, at), inTheWay.ended)],
    ...schedulingOf(options),
  });
  return { from, to: version, endedCanary: inTheWay.ended, warnings: scheduleWarnings(state, options) };
}

/** A move that ended a canary says so in its event (the timeline and the webhook read it). */
const endedIn = (line: ReleaseEvent, ended: { version: string; share: number } | null): ReleaseEvent =>
  ended ? { ...line, details: JSON.stringify({ endedCanary: ended.version, share: ended.share }) } : line;

/** Repoints to the release that was live before the current one, or to `to` when given. */
export async function rollbackRelease(
  context: ReleaseContext,
  options: Actor & MoveOptions & { remote: RemoteName; to?: string | undefined },
): Promise<{ from: string; to: string } & MoveNotices> {
  const { remote } = options;
  const state = await context.store.state(remote);
  const from = state.current;
  if (!from) throw new ReleaseRefused(`${remote} has no releases yet: it serves its checkout build, nothing to roll back`, [], 'conflict');
  const target = options.to ?? rollbackTargetOf(state);
  if (!target) throw new ReleaseRefused(`${remote} has no earlier release to roll back to (current: ${from})`, [], 'conflict');
  const record = state.releases.find((r) => r.version === target && r.state === 'released');
  if (!record) throw new ReleaseRefused(`${remote} has no release ${target}`, [], 'not_found');
  if (target === from) throw new ReleaseRefused(`${remote} is already on ${target}`, [], 'conflict');
  const at = (context.now?.() ?? new Date()).toISOString();
  const inTheWay = canaryInTheWay(state, remote, target, 'rolling back to', options, at);
  if (!(await context.artifacts.ensure(remote, target)))
    throw new ReleaseRefused(`the files of ${remote} ${target} are missing from the artifact store: not rolling back to it`);
  const upsert = state.releases
    .filter((r) => r.version === from || r.version === target)
    .map((r) => (r.version === from ? { ...r, rolledBackAt: at } : { ...r, rolledBackAt: null }));
  await commitMove(context, {
    remote,
    expectedRevision: state.revision,
    current: target,
    upsert: [...inTheWay.upsert, ...upsert],
    events: [endedIn(event(remote, 'rollback', target, from, options, at), inTheWay.ended)],
  });
  return { from, to: target, endedCanary: inTheWay.ended, warnings: scheduleWarnings(state, {}) };
}

export interface ListedRelease extends ReleaseRecord {
  current: boolean;
}

export async function listReleases(
  context: ReleaseContext,
  remote: RemoteName,
): Promise<{ current: string | null; releases: ListedRelease[] }> {
  const state = await context.store.state(remote);
  return { current: state.current, releases: state.releases.map((r) => ({ ...r, current: r.version === state.current })) };
}
