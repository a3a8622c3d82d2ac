/**
 * One item: its form (a new one starts empty), its state, the actions a role allows and its
 * revisions. A new item is created by its first save, at the id its own fields give it.
 */
import { useState } from 'react';
import { BANNERS_ITEM_ID, CONTENT_ID_FIELDS, EDITOR_PATH, type ContentItemStatus, type ContentKind } from '@cardlift/contracts';
import { ApiError, type Session } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { ContentForm } from '../form/content-form';
import { EditorLink, itemHref, navigate } from '../navigation';
import { useLoad } from '../use-load';
import { KIND_LABELS } from './dashboard';
import { formatTime } from './dates';
import { ItemActions } from './item-actions';
import { RevisionsList } from './revisions-list';

/** The id a new item will be saved under: its id field (a job's slug), or the banners' one document. */
function idOf(kind: ContentKind, item: object): string {
  const field = CONTENT_ID_FIELDS[kind];
  return field ? String((item as Record<string, unknown>)[field] ?? '') : BANNERS_ITEM_ID;
}

function StatusLine({ status }: { status: ContentItemStatus }) {
  return (
    <p className="mt-2 text-sm text-muted">
      State: <strong className="text-ink">{status.state}</strong>
      {status.publishAt ? `, goes live ${formatTime(status.publishAt)}` : ''}. Latest revision {status.latestRevision}
      {status.liveRevision ? `, live revision ${status.liveRevision}` : ''}.
    </p>
  );
}

export function ItemScreen({ kind, id, session }: { kind: ContentKind; id: string | null; session: Session }) {
  const { client, announce } = useEditor();
  const loaded = useLoad(async () => (id === null ? null : client.item(kind, id)), `${kind}/${id}`);
  const [status, setStatus] = useState<ContentItemStatus | null>(null);
  // A restore replaces the form's values: the form is drawn again from the restored content.
  const [formRound, setFormRound] = useState(0);
  const current = status ?? loaded.data ?? null;
  const labels = KIND_LABELS[kind];

  if (loaded.error) {
    const missing = loaded.error instanceof ApiError && loaded.error.status === 404;
    return (
      <>
        <h1 className="text-3xl font-semibold text-ink">{missing ? `No such ${labels.one}` : 'Could not load the item'}</h1>
        <p className="mt-4 text-ink">{missing ? `There is no ${labels.one} "${id}".` : loaded.error.message}</p>
        <EditorLink href={EDITOR_PATH} className="mt-4 inline-block text-primary underline">
          Back to the content
        </EditorLink>
      </>
    );
  }
  if (loaded.loading && id !== null && !current) return <p className="text-muted">Loading…</p>;

  async function save(item: object) {
    const target = current?.id ?? idOf(kind, item);
    const saved = await client.save(kind, target, item);
    setStatus(saved);
    announce(`Draft saved (revision ${saved.latestRevision}).`);
    if (id === null) navigate(itemHref(kind, saved.id), { replace: true });
  }

  const title = id === null ? `New ${labels.one}` : `Edit ${labels.one}: ${id}`;
  return (
    <>
      <EditorLink href={EDITOR_PATH} className="text-sm text-primary underline">
        Back to the content
      </EditorLink>
      <h1 className="mt-2 text-3xl font-semibold text-ink">{title}</h1>
      {current && <StatusLine status={current} />}
      <ContentForm
        key={`${current?.id ?? 'new'}:${formRound}`}
        kind={kind}
        initial={(current?.content as object | undefined) ?? undefined}
        onSave={save}
      >
        {current && <ItemActions kind={kind} id={current.id} canPublish={session.user.role === 'publisher'} changed={setStatus} />}
      </ContentForm>
      {current && (
        <RevisionsList
          kind={kind}
          id={current.id}
          status={current}
          restored={(next) => {
            setStatus(next);
            setFormRound((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
