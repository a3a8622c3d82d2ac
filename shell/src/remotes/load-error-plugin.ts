import { createElement } from 'react';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { noteRemoteFailure } from '../rum/page-view';
import { initFederation } from './registry';
import { RemoteUnavailable } from './remote-unavailable';
import { recoverFromSkew, remoteMovedOn } from './skew-recovery';

/** Whether the site now serves another build of `remote` than the one this page was composed with. */
async function movedOn(remote: string): Promise<boolean> {
  const entries = await initFederation().catch(() => []);
  return remoteMovedOn(remote, entries.find((entry) => entry.name === remote)?.version);
}

/**
 * Turns a remote that cannot be loaded into a module whose page is the inline failure panel, so the
 * rest of the site keeps working. The retry plugin has already retried network blips by then. A
 * remote whose build the site has replaced since this page loaded (its files gone) is version skew,
 * not a failure: the page recovers (skew-recovery.ts) and nothing is logged or counted as an error.
 */
export function loadErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cardlift-load-error',
    async errorLoadRemote(args) {
      const { id, lifecycle, error } = args;
      // Only at onLoad: a module returned at afterResolve would be read as a manifest (RUNTIME-013).
      if (lifecycle !== 'onLoad') return undefined;
      const remote = String(id).split('/')[0] ?? String(id);
      if (await movedOn(remote)) {
        const navigating = recoverFromSkew();
        return { default: () => (navigating ? null : createElement(RemoteUnavailable, { remote, updated: true })) };
      }
      console.warn(`[federation] ${String(id)} failed at ${String(lifecycle)}`, error);
      noteRemoteFailure(remote);
      return { default: () => createElement(RemoteUnavailable, { remote }) };
    },
  };
}
