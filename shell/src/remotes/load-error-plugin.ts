import { createElement } from 'react';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { noteRemoteFailure } from '../rum/page-view';
import { RemoteUnavailable } from './remote-unavailable';

/**
 * Turns a remote that cannot be loaded into a module whose page is the inline failure panel, so the
 * rest of the site keeps working. The retry plugin has already retried network blips by then.
 */
export function loadErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cardlift-load-error',
    errorLoadRemote(args) {
      const { id, lifecycle, error } = args;
      console.warn(`[federation] ${String(id)} failed at ${String(lifecycle)}`, error);
      // Only at onLoad: a module returned at afterResolve would be read as a manifest (RUNTIME-013).
      if (lifecycle !== 'onLoad') return undefined;
      const remote = String(id).split('/')[0] ?? String(id);
      noteRemoteFailure(remote);
      return { default: () => createElement(RemoteUnavailable, { remote }) };
    },
  };
}
