import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { Toaster } from '@cardlift/shell/ui';
import { ServerRemotesContext, type ServerRemotes } from './remotes/server-remotes';
import { PageUpdatedNotice } from './layout/page-updated-notice';
import { AppRoutes } from './routes';

type JotaiStore = NonNullable<Parameters<typeof JotaiProvider>[0]['store']>;

export interface AppProps {
  queryClient: QueryClient;
  store: JotaiStore;
  /** BrowserRouter in the browser, StaticRouter on the server: everything inside is the same. */
  router: (routes: ReactNode) => ReactNode;
  /** Server only: each remote's route component, rendered in place of loading it. */
  serverRemotes?: ServerRemotes;
}

/**
 * One QueryClient and one jotai store for the shell and every remote (both libraries are shared
 * singletons), and one notification region for the whole page. The server renders
 * exactly this tree, so the browser hydrates it.
 */
export function App({ queryClient, store, router, serverRemotes }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <ServerRemotesContext value={serverRemotes}>
          {router(<AppRoutes />)}
          <Toaster />
          <PageUpdatedNotice />
        </ServerRemotesContext>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
