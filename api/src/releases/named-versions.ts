/**
 * The versions of a remote the registry's records name: what the retention sweep never deletes and
 * what a rollback must still find. One function, so every kind of record that comes to name a version
 * is added in one place.
 */
import type { RemoteState } from './registry-store';

/** The release `rollback {}` returns to: the last live release before the current one that was not rolled back from. */
export function rollbackTargetOf(state: RemoteState): string | undefined {
  const live = state.releases.filter((r) => r.state === 'released');
  const index = live.findIndex((r) => r.version === state.current);
  return live
    .slice(0, Math.max(index, 0))
    .filter((r) => !r.rolledBackAt)
    .at(-1)?.version;
}

/**
 * Every version a record of `state` names: the current one, the running canary, the version scheduled
 * to go live at a set time and the rollback target.
 */
export function versionsRecordsName(state: RemoteState): Set<string> {
  const named = new Set<string>();
  if (state.current) named.add(state.current);
  if (state.canary) named.add(state.canary.version);
  if (state.scheduled) named.add(state.scheduled.version);
  const target = rollbackTargetOf(state);
  if (target) named.add(target);
  return named;
}
