/**
 * The page's start, in small tasks: federation, the page's inlined state, React DOM, the app's code
 * and the hydration each run in a task of their own, with a yield to the browser in between, so no
 * single task blocks input for long on a slow phone. The app's modules are in this chunk
 * (`webpackMode: "eager"`) but are only evaluated when their step comes.
 */
import { startTransition, StrictMode } from 'react';
import { EMPTY_NAVIGATION } from '@cardlift/contracts';
import { frameFor, pageFrameAtom, queryClient, siteStore } from '@cardlift/shell/ui';
import { rememberVisitAttribution } from './attribution/visit-attribution';
import { fetchNavigation, navigationAtom } from './config/navigation';
import { contactFormStateAtom, readInlineContactFormState } from './contact/contact-form-state';
import { readInlinePageFrame, seedInlineQueryData } from './inline-page-data';
import { recoverFailedChunks } from './remotes/chunk-recovery';
import { initFederation } from './remotes/registry';
import { isChunkLoadError } from './remotes/skew-recovery';
import { startPageView } from './rum/page-view';
import { replayEarlyClick } from './startup/early-clicks';
import { yieldToMain } from './startup/yield-to-main';

async function start(): Promise<void> {
  // Before any of the shell's lazy parts can be asked for: one whose file a deploy removed recovers.
  recoverFailedChunks();
  // Read the registry before React renders, so the first remote request leaves as early as possible.
  const registry = initFederation();
  // The menus of the builds this page was rendered from (the registry inlined beside it), preloaded
  // beside the code: usually here before the code is.
  const navigation = registry.then(fetchNavigation, () => fetchNavigation());
  await yieldToMain();
  // Before anything can navigate: the first page of the visit is where it came in.
  rememberVisitAttribution();
  // A few listeners now, so errors and failed remote loads of the start are counted; the reporter
  // itself loads once the page is interactive.
  startPageView();
  seedInlineQueryData(queryClient);
  siteStore.set(pageFrameAtom, frameFor(readInlinePageFrame()));
  siteStore.set(contactFormStateAtom, readInlineContactFormState());
  await yieldToMain();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  const [{ BrowserRouter }, { App }] = await Promise.all([
    import(/* webpackMode: "eager" */ '@cardlift/shell/router'),
    import(/* webpackMode: "eager" */ './app'),
  ]);
  await yieldToMain();

  // The header hydrates with the links the server drew it with.
  siteStore.set(navigationAtom, (await navigation) ?? EMPTY_NAVIGATION);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App queryClient={queryClient} store={siteStore} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />
    </StrictMode>
  );
  // The api renders the page on the server; when it could not (or in development) the root is empty.
  if (container.firstElementChild) {
    // As a transition, React yields to the browser every few milliseconds while it hydrates. Only the
    // header and its neighbours hydrate in the first pass: the page, the contact section and the footer
    // are Suspense boundaries hydrated in later slices (page-frame.tsx).
    startTransition(() => void hydrateRoot(container, app, { onCaughtError }));
  } else {
    createRoot(container, { onCaughtError }).render(app);
  }
  // React listens from here on; a button pressed before did nothing: the boot script noted it.
  replayEarlyClick();
}

/**
 * Errors an error boundary caught, logged as React does, except a section's chunk that did not load:
 * its boundary logs it when it is a failure and stays quiet when it is version skew it recovers from.
 */
function onCaughtError(error: unknown): void {
  if (!isChunkLoadError(error)) console.error(error);
}

void start();
