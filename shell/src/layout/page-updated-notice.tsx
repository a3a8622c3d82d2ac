import { usePageUpdated } from '../remotes/skew-recovery';

/**
 * "This page was updated: reload", once a part of the page could not load because the site was
 * updated since the page loaded (skew-recovery.ts). Polite and out of the way: what the visitor is
 * doing (reading, filling in the form) goes on, and the reload is theirs to choose.
 */
export function PageUpdatedNotice() {
  const updated = usePageUpdated();
  if (!updated) return null;
  return (
    <div
      role="status"
      data-page-updated-notice=""
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-4 rounded-lg bg-ink px-4 py-3 text-sm text-white shadow-lg"
    >
      <p>This page was updated.</p>
      <button
        type="button"
        className="rounded-button bg-white px-3 py-1.5 font-medium text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        onClick={() => window.location.reload()}
      >
        Reload
      </button>
    </div>
  );
}
