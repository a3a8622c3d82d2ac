import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  const label = context?.label ?? remote ?? 'This';
  if (updated) {
    return (
      <Panel marker={{ 'data-page-updated': remote }} heading="This page was updated">
        <p className="mt-3 text-muted">Reload to see the current version of the {label} pages.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Panel>
    );
  }
  return (
    <Panel marker={{ 'data-remote-failure': remote }} heading="This section is temporarily unavailable">
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
    </Panel>
  );
}

/** The panel in the section's place, announced, its heading focused so keyboard and screen reader users land on it. */
function Panel({ marker, heading, children }: { marker: Record<string, string | undefined>; heading: string; children: ReactNode }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  return (
    <section role="alert" {...marker} className="mx-auto my-24 max-w-xl rounded-lg border border-line bg-white px-6 py-10 text-center">
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold outline-none">
        {heading}
      </h1>
      {children}
      <MarkInteractive />
    </section>
  );
}
