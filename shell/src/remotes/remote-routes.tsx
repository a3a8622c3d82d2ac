import { Suspense, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@cardlift/api/contracts';
import { PageSkeleton } from '@cardlift/shell/ui';
import { lazyRemote } from './lazy-remote';
import { resetRemote } from './registry';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteRetryContext, type RemoteRetry } from './retry-context';

/** Mounts one remote's route subtree behind Suspense and an error boundary, with a Retry that reloads it. */
export function RemoteRoutes({ name, label }: { name: RemoteName; label: string }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const Routes = useMemo(() => lazyRemote(name, attempt), [name, attempt]);
  const retry = useMemo<RemoteRetry>(
    () => ({
      label,
      retry: () => {
        void resetRemote(name)
          .catch(() => undefined)
          .finally(() => setAttempt((n) => n + 1));
      },
    }),
    [name, label],
  );
  return (
    <RemoteRetryContext.Provider value={retry}>
      <RemoteErrorBoundary remote={name} resetKey={`${attempt}:${pathname}`}>
        <Suspense fallback={<PageSkeleton />}>
          <Routes />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}
