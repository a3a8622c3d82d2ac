/**
 * Server rendering of the whole page body: the frame and the route's section, from the same data the
 * browser receives inlined, so the browser hydrates it instead of drawing it from nothing. Built for
 * Node by shell/build/rspack-server.ts and called by the api.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
// The server's router; the same React Router module the routing facade re-exports.
import { StaticRouter } from 'react-router';
import { createStore } from 'jotai';
import type { InlineQueryData, PageFrame } from '@cardlift/api/contracts';
import { createQueryClient, frameFor, pageFrameAtom } from '@cardlift/shell/ui';
import { App } from '../app';
import { seedQueryData } from '../inline-page-data';
import { ClientOnlyRemote, type ServerRemotes } from '../remotes/server-remotes';

export interface RenderAppInput {
  /** Path and query of the request. */
  url: string;
  /** The data inlined into the page (the browser seeds its cache with the same). */
  queryData: InlineQueryData[];
  frame?: Partial<PageFrame>;
  /** Route components of the remotes whose server build could be loaded. */
  remotes: ServerRemotes;
  /** Aborts a render that takes too long; the browser then renders the page. */
  signal?: AbortSignal;
  /** Unexpected render errors (a section that fails is left to the browser). */
  onError?: (error: unknown) => void;
}

export async function renderApp(input: RenderAppInput): Promise<string> {
  const queryClient = createQueryClient();
  seedQueryData(queryClient, input.queryData);
  const store = createStore();
  store.set(pageFrameAtom, frameFor(input.frame));
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App
        queryClient={queryClient}
        store={store}
        serverRemotes={input.remotes}
        router={(routes) => <StaticRouter location={input.url}>{routes}</StaticRouter>}
      />
    </StrictMode>,
    {
      ...(input.signal ? { signal: input.signal } : {}),
      // Every boundary inline in the HTML: React would otherwise move large ones to the end of the
      // document and reveal them with inline scripts, which the site's Content-Security-Policy refuses.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        if (!(error instanceof ClientOnlyRemote)) input.onError?.(error);
      },
    },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  queryClient.clear();
  return html;
}
