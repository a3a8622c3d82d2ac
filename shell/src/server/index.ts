/**
 * Entry of the shell's server build. Loading it publishes the shell's singletons (React, the router,
 * the design system) for the remotes' server builds, which take them from here
 * instead of carrying their own copies: the same rule as in the browser, where the shell shares them.
 */
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as router from '@cardlift/shell/router';
import * as designSystem from '@cardlift/shell/ui';
import { DESIGN_SYSTEM, ROUTER, SERVER_SHARED_GLOBAL, type SharedSingleton } from '../../build/server-shared';

const shared: Record<SharedSingleton | typeof DESIGN_SYSTEM | typeof ROUTER, unknown> = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react/jsx-dev-runtime': reactJsxRuntime,
  'react-dom': reactDom,
  'react-dom/client': reactDomClient,
  [DESIGN_SYSTEM]: designSystem,
  [ROUTER]: router,
};
// Read-only for every section's code loaded after it: no remote can swap React or the design system
// for the pages of the others. A rebuilt shell is loaded by fresh render workers (api/src/site/render-pool.ts).
Object.defineProperty(globalThis, SERVER_SHARED_GLOBAL, { value: Object.freeze(shared), writable: false, configurable: false });

export { renderApp, type RenderAppInput } from './render-app';
/** The pages the shell draws itself (/components): the api reads their metadata from this build. */
export { shellPageTable as pageTable } from '../pages/meta';
