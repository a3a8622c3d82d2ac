import { useEffect, useRef, useState } from 'react';
import { Button } from '@cardlift/shell/ui';
import { MarkInteractive } from '../layout/mark-interactive';
import { useRemoteRetry } from './retry-context';

/**
 * Inline failure view of a section that could not load or crashed; the rest of the page keeps working.
 * `updated`: its code is gone because the site was updated since the page loaded, and a reload brings
 * the current version.
 */
export function RemoteUnavailable({ remote, updated = false }: { remote?: string; updated?: boolean }) {
  const context = useRemoteRetry();
  const [retrying, setRetrying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  const label = context?.label ?? remote ?? 'This';
  if (updated) {
    return (
      <section
        role="alert"
        data-page-updated={remote}
        className="mx-auto my-24 max-w-xl rounded-lg border border-line bg-white px-6 py-10 text-center"
      >
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
          This page was updated
        </h1>
        <p className="mt-3 text-muted">Reload to see the current version of the {label} pages.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <MarkInteractive />
      </section>
    );
  }
  return (
    <section
      role="alert"
      data-remote-failure={remote}
      className="mx-auto my-24 max-w-xl rounded-lg border border-line bg-white px-6 py-10 text-center"
    >
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
        This section is temporarily unavailable
      </h1>
      <p className="mt-3 text-muted">
        The {label} pages could not be loaded. Check your connection and try again; the rest of the site still works.
      </p>
      {context && (
        <Button
          className="mt-6"
          disabled={retrying}
          onClick={() => {
            setRetrying(true);
            context.retry();
          }}
        >
          {retrying ? 'Retrying...' : 'Retry'}
        </Button>
      )}
      <MarkInteractive />
    </section>
  );
}
