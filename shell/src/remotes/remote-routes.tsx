import { Suspense, use, useMemo, useState, type ComponentType } from 'react';
import { useLocation } from '@cardlift/shell/router';
import type { RemoteName } from '@cardlift/contracts';
import { PageSkeleton } from '@cardlift/shell/ui';
import { MarkInteractive } from '../layout/mark-interactive';
import { lazyRemote } from './lazy-remote';
import { resetRemote } from './registry';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteRetryContext, type RemoteRetry } from './retry-context';
import { ClientOnlyRemote, ServerRemotesContext } from './server-remotes';

/** Mounts one remote's route subtree behind Suspense and an error boundary, with a Retry that reloads it. */
export function RemoteRoutes({ name, label }: { name: RemoteName; label: string }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const serverRemotes = use(ServerRemotesContext);
  // Same place in the tree on both sides: the server renders the remote's routes inside this
  // Suspense boundary, and the browser keeps that HTML until the remote's code has loaded.
  const Routes = useMemo<ComponentType>(
    () => (serverRemotes ? (serverRemotes[name] ?? clientOnly(name)) : lazyRemote(name, attempt)),
    [serverRemotes, name, attempt],
  );
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
          <MarkInteractive />
        </Suspense>
      </RemoteErrorBoundary>
    </RemoteRetryContext.Provider>
  );
}

function clientOnly(name: RemoteName): ComponentType {
  return function ClientOnly() {
    throw new ClientOnlyRemote(name);
  };
}
