/**
 * Before a remote's first release the site serves its checkout build. That build becomes a release
 * too (stored, listed, first in line), so a rollback after the first release returns to it.
 */
import type { RemoteName } from '@cardlift/contracts';
import { buildTimeOf, buildVersionOf } from './build-ids';
import type { ReleaseContext } from './release-context-types';
import type { ReleaseRecord, RemoteState } from './registry-store';
import type { Actor } from './release-service';

/** The position a release made live now takes: after every one before it. */
export const nextPosition = (state: RemoteState) => Math.max(0, ...state.releases.map((r) => r.position ?? 0)) + 1;

/** The checkout build as a release record, when `state` has no release yet; and whether its files were stored now. */
export async function baselineOf(context: ReleaseContext, remote: RemoteName, state: RemoteState, who: Actor, at: string) {
  if (state.current !== null) return undefined;
  const dir = context.checkoutBuildDir(remote);
  const version = buildVersionOf(dir);
  if (version === undefined) return undefined;
  const known = state.releases.find((r) => r.version === version);
  const record: ReleaseRecord = known
    ? { ...known, state: 'released', position: 0, rolledBackAt: null }
    : {
        remote,
        version,
        state: 'released',
        position: 0,
        // The checkout build was made before this release, from a commit nobody recorded: its files'
        // time, and no sha (the release's own, `-dirty` or not, is not the baseline's).
        createdAt: buildTimeOf(dir) ?? at,
        createdBy: who.actor,
        gitSha: null,
        rolledBackAt: null,
      };
  return { record, published: await context.artifacts.put(remote, version, dir) };
}
