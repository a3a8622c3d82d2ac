/**
 * The conflict screen: someone saved a newer revision since the one this person started from. Their
 * values beside the person's own, field by field, and the two ways on: take theirs and put my edits
 * back on top (nothing is saved until I press Save), or overwrite knowingly (a new revision: theirs
 * stays in the history and can be restored).
 */
import { useEffect, useRef } from 'react';
import { Button } from '@cardlift/shell/ui';
import type { FieldChange } from '@cardlift/contracts';
import type { StaleDetails } from '../api/editor-client';
import { FieldChanges } from './field-changes';
import { staleSummary } from './outcomes';

export interface Conflict {
  details: StaleDetails;
  /** Theirs (the latest revision) against mine (what I tried to save). */
  changes: FieldChange[];
}

interface ConflictPanelProps {
  conflict: Conflict;
  busy: boolean;
  onTakeTheirs(): void;
  onOverwrite(): void;
}

export function ConflictPanel({ conflict, busy, onTakeTheirs, onOverwrite }: ConflictPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { details } = conflict;
  return (
    <section aria-labelledby="conflict-title" className="mt-4 w-full rounded-lg border-2 border-red-700 bg-white p-4">
      <h2 id="conflict-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-red-700">
        Someone else changed this item: your save was not made
      </h2>
      <p className="mt-2 text-sm text-ink">{staleSummary(details)}. Here is what differs between their revision and your version.</p>
      <FieldChanges
        changes={conflict.changes}
        before={`Theirs: revision ${details.latestRevision} by ${details.changedBy.join(', ')}`}
        after="Yours: not saved"
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="brand" disabled={busy} onClick={onTakeTheirs}>
          Take theirs and reapply my edits
        </Button>
        <Button variant="outline" disabled={busy} onClick={onOverwrite}>
          Overwrite with mine
        </Button>
      </div>
      <p className="mt-3 text-sm text-muted">
        Take theirs: the form shows their revision with the fields you changed put back on top; check it, then save. Overwrite: your version
        is saved as a new revision; theirs stays in the history below, and can be restored.
      </p>
    </section>
  );
}
