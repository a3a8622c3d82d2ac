/**
 * Each page's code in a chunk of its own, loaded before the page renders, never suspended on: the
 * shell calls `loadPage(pathname)` before hydrating (the server HTML is found as it was drawn) and
 * its links call it on intent, so a client-side navigation finds the code there; for links in view
 * it asks `pageFiles(pathname)` and lets the browser prefetch them, unrun. A page
 * rendered before its chunk arrived (a navigation faster than the prefetch) suspends, inside the
 * router's transition, so the current page stays until the next one can be drawn.
 */
import { use, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { RemoteMeta } from '@cardlift/contracts';
import { pageChunkUrls } from './page-files';

type Loaders = Record<string, () => Promise<ComponentType<never>>>;
type Chunk<L extends Loaders> = keyof L & string;
type PropsOf<L extends Loaders, C extends Chunk<L>> = ComponentProps<Awaited<ReturnType<L[C]>>>;

interface PageChunks<L extends Loaders> {
  /** Loads the code of the page at `pathname` (nothing for a path this section does not know). */
  loadPage: (pathname: string) => Promise<void>;
  /** The URLs of the script files of the page at `pathname` (none for a path this section does not know). */
  pageFiles: (pathname: string) => Promise<string[]>;
  /** Renders the page of chunk `chunk` with the props its component takes. */
  Page: <C extends Chunk<L>>(props: { chunk: C } & PropsOf<L, C>) => ReactNode;
}

/** A path as the router matches it: without a trailing slash (the root aside). */
function routePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

export function pageChunks<L extends Loaders>(meta: RemoteMeta, loaders: L): PageChunks<L> {
  type K = Chunk<L>;
  const chunkByPath = new Map(meta.pages.flatMap((page) => (page.chunk ? [[page.path, page.chunk as K] as const] : [])));
  const loaded = new Map<K, ComponentType<never>>();
  const pending = new Map<K, Promise<ComponentType<never>>>();
  // Chunks whose load, started by a render, failed: renders keep the failure (the section's error
  // panel shows it instead of asking again at each render); `loadPage` (Retry, a prefetch) asks again.
  const failed = new Set<K>();

  function load(chunk: K, render: boolean): Promise<ComponentType<never>> {
    const current = pending.get(chunk);
    if (current && (render || !failed.has(chunk))) return current;
    failed.delete(chunk);
    const promise = loaders[chunk]().then((component) => {
      loaded.set(chunk, component);
      return component;
    });
    promise.catch(() => {
      if (pending.get(chunk) !== promise) return;
      if (render) failed.add(chunk);
      else pending.delete(chunk);
    });
    pending.set(chunk, promise);
    return promise;
  }

  return {
    loadPage: async (pathname) => {
      const chunk = chunkByPath.get(routePath(pathname));
      if (chunk) await load(chunk, false);
    },
    pageFiles: async (pathname) => {
      const chunk = chunkByPath.get(routePath(pathname));
      return chunk && !pending.has(chunk) ? pageChunkUrls(chunk) : [];
    },
    Page: ({ chunk, ...props }: { chunk: K }) => {
      const Component = (loaded.get(chunk) ?? use(load(chunk, true))) as ComponentType<object>;
      return <Component {...props} />;
    },
  };
}
