import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router-dom';
import { queryClient, siteStore, Toaster, TooltipProvider } from '@cardlift/shell/ui';
import { AppRoutes } from './routes';

/**
 * One QueryClient and one jotai store for the shell and every remote (both libraries are shared
 * singletons); one tooltip timing and one notification region for the whole page.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={siteStore}>
        <TooltipProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <Toaster />
        </TooltipProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
