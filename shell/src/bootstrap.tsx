import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from '@cardlift/shell/router';
import { frameFor, pageFrameAtom, queryClient, siteStore } from '@cardlift/shell/ui';
import { App } from './app';
import { rememberVisitAttribution } from './attribution/visit-attribution';
import { readInlinePageFrame, seedInlineQueryData } from './inline-page-data';
import { initFederation } from './remotes/registry';

// Start reading the registry before React renders, so the first remote request leaves as early as possible.
void initFederation().catch(() => undefined);

// Before anything can navigate: the first page of the visit is where it came in.
rememberVisitAttribution();
seedInlineQueryData(queryClient);
siteStore.set(pageFrameAtom, frameFor(readInlinePageFrame()));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App queryClient={queryClient} store={siteStore} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
  </StrictMode>
);
// The api renders the page on the server; when it could not (or in development) the root is empty.
// Hydrating as a transition lets React yield to the browser between components, so the page stays
// responsive to input while it becomes interactive.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
