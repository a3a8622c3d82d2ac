import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@cardlift/contracts';
import { initFederation } from './registry';

type RemoteModule = { default: ComponentType };
const cache = new Map<string, LazyExoticComponent<ComponentType>>();

/**
 * The one way the shell loads a remote: its single expose `./routes`, a component rendering the
 * remote's <Routes>. One lazy component per (remote, attempt), so a retry really loads again.
 */
export function lazyRemote(name: RemoteName, attempt = 0): LazyExoticComponent<ComponentType> {
  const key = `${name}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(async () => {
      await initFederation();
      const mod = await loadRemote<RemoteModule>(`${name}/routes`);
      if (!mod || typeof mod.default !== 'function') throw new Error(`${name} exposes no route component`);
      return mod;
    });
    cache.set(key, component);
  }
  return component;
}
