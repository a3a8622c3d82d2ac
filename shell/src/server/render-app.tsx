/**
 * Server rendering of the whole page body: the frame and the route's section, from the same data the
 * browser receives inlined, so the browser hydrates it instead of drawing it from nothing. Built for
 * Node by shell/build/rspack-server.ts and called by the api.
 */
import { StrictMode, type ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
// The server's router; the same React Router module the routing facade re-exports.
import { StaticRouter } from 'react-router';
import { createStore } from 'jotai';
import type { ShellRenderInput } from '@cardlift/contracts';
import { createQueryClient, frameFor, pageFrameAtom } from '@cardlift/shell/ui';
import { App } from '../app';
import { contactFormStateAtom } from '../contact/contact-form-state';
import { navigationAtom } from '../config/navigation';
import { seedQueryData } from '../inline-page-data';
import { ClientOnlyRemote } from '../remotes/server-remotes';

/** What the api hands the shell's server bundle (the contracts' `ShellRenderInput`), with React route components. */
export type RenderAppInput = ShellRenderInput<ComponentType>;

export async function renderApp(input: RenderAppInput): Promise<string> {
  const queryClient = createQueryClient();
  seedQueryData(queryClient, input.queryData);
  const store = createStore();
  store.set(pageFrameAtom, frameFor(input.frame));
  if (input.navigation) store.set(navigationAtom, input.navigation);
  if (input.contactForm) store.set(contactFormStateAtom, input.contactForm);
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
