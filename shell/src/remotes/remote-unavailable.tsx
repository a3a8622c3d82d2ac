import { useEffect, useRef, useState } from 'react';
import { Button } from '@cardlift/shell/ui';
import { MarkInteractive } from '../layout/mark-interactive';
import { useRemoteRetry } from './retry-context';

/** Inline failure view of a section that could not load or crashed; the rest of the page keeps working. */
export function RemoteUnavailable({ remote }: { remote?: string }) {
  const context = useRemoteRetry();
  const [retrying, setRetrying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus({ preventScroll: true }), []);
  const label = context?.label ?? remote ?? 'This';
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
