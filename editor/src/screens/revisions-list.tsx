/** Every revision of an item, newest first, each restorable as a new draft. */
import { Button } from '@cardlift/shell/ui';
import type { ContentItemStatus, ContentKind } from '@cardlift/contracts';
import { ApiError } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { useLoad } from '../use-load';
import { formatTime } from './dates';

interface RevisionsListProps {
  kind: ContentKind;
  id: string;
  status: ContentItemStatus;
  restored(status: ContentItemStatus): void;
}

export function RevisionsList({ kind, id, status, restored }: RevisionsListProps) {
  const { client, announce } = useEditor();
  const revisions = useLoad(() => client.revisions(kind, id), `${kind}/${id}/${status.latestRevision}`);

  async function restore(revision: number) {
    try {
      const next = await client.restore(kind, id, revision);
      announce(`Revision ${revision} restored as a new draft (revision ${next.latestRevision}).`);
      restored(next);
    } catch (error) {
      announce(`Restore failed: ${error instanceof ApiError ? error.message : 'the server could not be reached.'}`);
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
            entry.restoredFrom ? `copy of revision ${entry.restoredFrom}` : '',
          ].filter(Boolean);
          return (
            <li key={entry.revision} className="flex flex-wrap items-center gap-3 border-b border-line pb-2 text-sm">
              <span className="font-medium text-ink">Revision {entry.revision}</span>
              <span className="text-muted">
                {formatTime(entry.createdAt)} by {entry.createdBy}
                {notes.length ? ` (${notes.join(', ')})` : ''}
              </span>
              {entry.revision !== status.latestRevision && (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Restore revision ${entry.revision}`}
                  onClick={() => restore(entry.revision)}
                >
                  Restore
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
