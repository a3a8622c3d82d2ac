/**
 * The notes at the top of an item's screen: where it stands, who else has it open (and since when),
 * and edits this browser kept from an earlier visit, offered back.
 */
import { Button } from '@cardlift/shell/ui';
import type { ContentItemStatus, PresenceEntry } from '@cardlift/contracts';
import { clockTime, formatTime } from './dates';
import type { LocalDraft } from './local-drafts';

export function StatusLine({ status }: { status: ContentItemStatus }) {
  return (
    <p className="mt-2 text-sm text-muted">
      State: <strong className="text-ink">{status.state}</strong>
      {status.publishAt ? `, goes live ${formatTime(status.publishAt)}` : ''}
      {status.publishAt && status.scheduledBy ? ` (scheduled by ${status.scheduledBy})` : ''}. Latest revision {status.latestRevision}
      {status.liveRevision ? `, live revision ${status.liveRevision}` : ''}.
    </p>
  );
}

/** Refreshed every few seconds; a polite live region, so a screen reader hears who arrives. */
export function PresenceNote({ others }: { others: PresenceEntry[] }) {
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {others.length > 0 && (
        <p className="mt-3 rounded-button border-l-4 border-amber-600 bg-white px-3 py-2 text-sm text-ink">
          Also open by {others.map((other) => `${other.email} (since ${clockTime(other.since)})`).join(', ')}. You can both edit: whoever
          saves second is shown both versions first.
        </p>
      )}
    </div>
  );
}

export function DraftOffer({ draft, onRestore, onDiscard }: { draft: LocalDraft; onRestore(): void; onDiscard(): void }) {
  return (
    <section aria-labelledby="kept-title" className="mt-4 rounded-lg border-2 border-amber-600 bg-white p-4">
      <h2 id="kept-title" className="text-lg font-semibold text-ink">
        You have unsaved changes from {formatTime(draft.savedAt)}
      </h2>
      <p className="mt-1 text-sm text-ink">
        This browser kept them{draft.base ? ` (made on revision ${draft.base})` : ''}. Put them back in the form, or discard them.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="brand" onClick={onRestore}>
          Restore my changes
        </Button>
        <Button variant="outline" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    </section>
  );
}
