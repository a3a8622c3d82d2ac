/**
 * Renders a component the way the shell does: a fresh QueryClient with the site's query rules,
 * a fresh jotai store (holding `navigation`, the menus' links, when given) and a memory router at `path`.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactElement } from 'react';
import type { SiteNavigation } from '@cardlift/contracts';
// Tests only: the same React Router module the routing facade re-exports.
import { MemoryRouter, Route, Routes } from 'react-router';
import { navigationAtom } from '../src/config/navigation';
import { createQueryClient } from '../src/ui/query-client';

export interface RenderOptions {
  path?: string;
  /** Route pattern the element is mounted at (for useParams); defaults to `*`. */
  route?: string;
  /** The menus' links the page would have fetched from the api. */
  navigation?: SiteNavigation;
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', route = '*', navigation }: RenderOptions = {},
): RenderResult & { queryClient: ReturnType<typeof createQueryClient>; store: ReturnType<typeof createStore> } {
  const queryClient = createQueryClient();
  const store = createStore();
  if (navigation) store.set(navigationAtom, navigation);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={route} element={ui} />
          </Routes>
        </MemoryRouter>
      </JotaiProvider>
    </QueryClientProvider>,
  );
  return Object.assign(result, { queryClient, store });
}

/** Replaces global fetch with a handler keyed by URL path; unknown paths answer 404. */
export function mockFetch(routes: Record<string, () => Response | Promise<Response>>): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[url.pathname];
    return handler ? handler() : new Response(JSON.stringify({ error: 'Not found' }), { status: 404 });
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
