import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@cardlift/contracts';
import { initFederation } from './registry';

interface RemoteModule {
  default: ComponentType;
  /** A section with a chunk per page: loads the page at a path before it renders. */
  loadPage?: (pathname: string) => Promise<void>;
  /** That section: the URLs of the script files of the page at a path, to prefetch without running them. */
  pageFiles?: (pathname: string) => Promise<string[]>;
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>();
const loaded = new Set<RemoteName>();

/** Whether this page has loaded the remote's routes already (prefetching its pages then costs only their chunks). */
export function remoteLoaded(name: RemoteName): boolean {
  return loaded.has(name);
}

/** A remote's one expose `./routes`. */
export async function loadRemoteRoutes(name: RemoteName): Promise<RemoteModule> {
  await initFederation();
  const mod = await loadRemote<RemoteModule>(`${name}/routes`);
  if (!mod || typeof mod.default !== 'function') throw new Error(`${name} exposes no route component`);
  loaded.add(name);
  return mod;
}

/**
 * Loads the current page's chunk, asking at most twice. The HTML preloads that chunk; when the preload
 * failed (the section unreachable at first), Chromium hands the failed preload to the first script
 * element asking for the same URL, even once the server is back, so the first load after Retry would
 * fail with ERR_ABORTED. That script element uses the preload up; the second one really fetches.
 * (The container and its expose chunk, preloaded too, are asked again by the federation retry plugin;
 * a page chunk is loaded by the section's own code, out of its reach.)
 */
function loadCurrentPage(mod: RemoteModule): Promise<void> | undefined {
  const path = location.pathname;
  return mod.loadPage?.(path).catch(() => mod.loadPage?.(path));
}

/**
 * The one way the shell loads a remote: its single expose `./routes`, a component rendering the
 * remote's <Routes>. One lazy component per (remote, attempt), so a retry really loads again.
 * The current page's own chunk loads first, so the page renders (and hydrates its server HTML) at once.
 */
export function lazyRemote(name: RemoteName, attempt = 0): LazyExoticComponent<ComponentType> {
  const key = `${name}#${attempt}`;
  let component = cache.get(key);
  if (!component) {
    component = lazy(async () => {
      const mod = await loadRemoteRoutes(name);
      await loadCurrentPage(mod);
      return mod;
    });
    cache.set(key, component);
  }
  return component;
}
