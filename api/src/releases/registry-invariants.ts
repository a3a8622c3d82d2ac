/**
 * What the registry may never hold, written once and checked by both stores inside the transaction of
 * every change, after its writes and before its commit: a change that would break one is refused whole.
 *
 * - At most one canary per remote (it is columns of the remote's one registry row), never the current.
 * - The current version, the canary's and a scheduled action's each name a stored release.
 */
import type { RemoteName } from '@cardlift/contracts';

export interface RegistryFacts {
  current: string | null;
  canary: string | null;
  scheduled: string | null;
  /** Every version with a release record (candidates included). */
  stored: ReadonlySet<string>;
}

/** A change that would leave the registry contradicting itself: a fault of the caller, refused whole. */
export class RegistryContradiction extends Error {
  constructor(
    readonly remote: RemoteName,
    problem: string,
  ) {
    super(`${remote}: ${problem}; nothing was changed`);
    this.name = 'RegistryContradiction';
  }
}

export function assertConsistent(remote: RemoteName, facts: RegistryFacts): void {
  const { current, canary, scheduled, stored } = facts;
  if (current !== null && !stored.has(current))
    throw new RegistryContradiction(remote, `the current version ${current} is no stored release`);
  if (canary !== null && canary === current) throw new RegistryContradiction(remote, `the canary ${canary} would be the current version`);
  if (canary !== null && current === null) throw new RegistryContradiction(remote, `a canary of ${canary} would have no current version`);
  if (canary !== null && !stored.has(canary)) throw new RegistryContradiction(remote, `the canary ${canary} is no stored release`);
  if (scheduled !== null && !stored.has(scheduled))
    throw new RegistryContradiction(remote, `the scheduled version ${scheduled} is no stored release`);
}
