/**
 * Every revision of an item, newest first, each restorable as a new draft: first a comparison of that
 * revision with the current one, field by field, then the restore itself (based on the revision the
 * screen shows, like every write).
 */
import { useState } from 'react';
import { Button } from '@cardlift/shell/ui';
import { contentChanges, type ContentItemStatus, type ContentKind } from '@cardlift/contracts';
import type { RevisionEntry } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { Dialog } from '../ui/dialog';
import type { Outcome } from '../ui/outcome';
import { useLoad } from '../use-load';
import { formatTime } from './dates';
import { FieldChanges } from './field-changes';
import { refusal } from './outcomes';

interface RevisionsListProps {
  kind: ContentKind;
  id: string;
  status: ContentItemStatus;
  /** The form has unsaved changes, which a restore replaces. */
  unsaved: boolean;
  restored(status: ContentItemStatus): void;
  report(outcome: Outcome): void;
  stale(error: unknown): void;
}

export function RevisionsList({ kind, id, status, unsaved, restored, report, stale }: RevisionsListProps) {
  const { client, announce } = useEditor();
  const revisions = useLoad(() => client.revisions(kind, id), `${kind}/${id}/${status.latestRevision}`);
  const [comparing, setComparing] = useState<RevisionEntry | null>(null);

  async function restore(entry: RevisionEntry) {
    setComparing(null);
    try {
      const next = await client.restore(kind, id, entry.revision, status.latestRevision);
      const text = `Revision ${entry.revision} restored as a new draft (revision ${next.latestRevision}). Visitors still see ${next.liveRevision ? `revision ${next.liveRevision}` : 'nothing'} until it is published.`;
      report({ tone: 'success', text });
      announce(text);
      restored(next);
    } catch (error) {
      const outcome = refusal('Not restored', error);
      report(outcome);
      announce(outcome.text);
      stale(error);
    }
  }

  return (
    <section aria-labelledby="revisions-title" className="mt-12">
      <h2 id="revisions-title" className="text-xl font-semibold text-ink">
        Revisions
      </h2>
      {revisions.error && <p className="mt-2 text-sm font-medium text-red-700">Could not load the revisions: {revisions.error.message}</p>}
      <ol className="mt-3 space-y-2">
        {[...(revisions.data ?? [])].reverse().map((entry) => {
          const notes = [
            entry.revision === status.liveRevision ? 'live' : '',
            entry.revision === status.scheduledRevision ? 'scheduled' : '',
            entry.revision === status.latestRevision ? 'current' : '',
            entry.restoredFrom ? `copy of revision ${entry.restoredFrom}` : '',
          ].filter(Boolean);
          return (
            <li key={entry.revision} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-line pb-2 text-sm">
              <span className="font-medium text-ink">Revision {entry.revision}</span>
              <span className="min-w-0 break-words text-muted">
                {formatTime(entry.createdAt)} by {entry.createdBy}
                {notes.length ? ` (${notes.join(', ')})` : ''}
              </span>
              {entry.revision !== status.latestRevision && (
                <Button variant="outline" size="sm" aria-label={`Restore revision ${entry.revision}`} onClick={() => setComparing(entry)}>
                  Restore
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {comparing && (
        <Dialog
          title={`Restore revision ${comparing.revision}?`}
          confirm={`Restore revision ${comparing.revision}`}
          onCancel={() => setComparing(null)}
          onConfirm={() => void restore(comparing)}
        >
          <p>
            It becomes a new draft (revision {status.latestRevision + 1}); nothing is published, and every revision stays in the history.
            {unsaved ? ' Your unsaved changes in the form are replaced by it.' : ''} What changes against the current revision:
          </p>
          <div className="max-h-[50vh] overflow-y-auto">
            <FieldChanges
              changes={contentChanges(status.content, comparing.content)}
              before={`Current: revision ${status.latestRevision}`}
              after={`Revision ${comparing.revision}, ${formatTime(comparing.createdAt)}`}
            />
          </div>
        </Dialog>
      )}
    </section>
  );
}
