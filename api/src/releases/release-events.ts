/** One line of a remote's release audit trail (registry-store.ts `ReleaseEvent`), as every change writes it. */
import type { RemoteName } from '@cardlift/contracts';
import type { ReleaseAction, ReleaseEvent } from './registry-store';

export function releaseEvent(
  remote: RemoteName,
  action: ReleaseAction,
  version: string,
  from: string | null,
  who: { actor: string; gitSha?: string | undefined },
  at: string,
): ReleaseEvent {
  return { remote, action, version, fromVersion: from, actor: who.actor, gitSha: who.gitSha ?? null, at };
}
