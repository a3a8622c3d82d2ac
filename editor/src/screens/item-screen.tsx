/**
 * One item: its form (a new one starts empty), its state, who else has it open, the actions a role
 * allows and its revisions. Every write names the revision the form is based on: when someone saved a
 * newer one, the conflict screen compares theirs with the person's own values. Unsaved changes are
 * kept in the browser, offered back when the item is opened again, and leaving asks first.
 * A new item is created by its first save, at the id its own fields give it.
 */
import { useEffect, useState } from 'react';
import {
  BANNERS_ITEM_ID,
  CONTENT_ID_FIELDS,
  contentChanges,
  EDITOR_PATH,
  reapply,
  type ContentItemStatus,
  type ContentKind,
} from '@cardlift/contracts';
import { ApiError, type Session, type StaleDetails } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { ContentForm } from '../form/content-form';
import { EditorLink, itemHref, navigate, useLeaveGuard } from '../navigation';
import { OutcomeMessage, type Outcome } from '../ui/outcome';
import { useLoad } from '../use-load';
import { ConflictPanel, type Conflict } from './conflict-panel';
import { KIND_LABELS } from './dashboard';
import { clockTime } from './dates';
import { describeMove, stateMoved } from './item-changes';
import { ItemActions } from './item-actions';
import { DraftOffer, PresenceNote, StatusLine } from './item-notes';
import { dropDraft, readDraft, type LocalDraft } from './local-drafts';
import { refusal } from './outcomes';
import { RevisionsList } from './revisions-list';
import { useItemEditing } from './use-item-editing';
import { usePresence } from './use-presence';

/** The id a new item will be saved under: its id field (a job's slug), or the banners' one document. */
function idOf(kind: ContentKind, item: object): string {
  const field = CONTENT_ID_FIELDS[kind];
  return field ? String((item as Record<string, unknown>)[field] ?? '') : BANNERS_ITEM_ID;
}

/**
 * The outcome of a new item's first save, handed to the screen its address moves to (the item's own,
 * a new screen), so the person still reads "Saved" beside the button.
 */
let carried: Outcome | null = null;
const takeCarried = () => {
  const outcome = carried;
  carried = null;
  return outcome;
};

interface Pending {
  conflict: Conflict;
  mine: object;
  baseContent: unknown;
  latest: ContentItemStatus;
}

export function ItemScreen({ kind, id, session }: { kind: ContentKind; id: string | null; session: Session }) {
  const { client, announce } = useEditor();
  const loaded = useLoad(async () => (id === null ? null : client.item(kind, id)), `${kind}/${id}`);
  const [status, setStatus] = useState<ContentItemStatus | null>(null);
  // The form is drawn again (a new key) when its values are replaced: a restore, theirs, a kept draft.
  const [form, setForm] = useState<{ round: number; initial?: object }>({ round: 0 });
  const [outcome, setOutcome] = useState<Outcome | null>(takeCarried);
  const [pending, setPending] = useState<Pending | null>(null);
  const [offer, setOffer] = useState<LocalDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = useItemEditing(kind, session.user.email);
  const current = status ?? loaded.data ?? null;
  const { others, item: seenByPresence } = usePresence(kind, current?.id ?? null);
  const labels = KIND_LABELS[kind];
  useLeaveGuard(editing.dirty);

  // Once the item is known: what the form is based on, and edits this browser kept from before.
  useEffect(() => {
    if (loaded.loading) return;
    const item = loaded.data ?? null;
    editing.basedOn({ id: item?.id ?? null, revision: item?.latestRevision ?? null, content: item?.content });
    const kept = readDraft(session.user.email, kind, item?.id ?? null);
    if (kept && editing.differs(kept.values)) setOffer(kept);
    // Only when the load ends: later changes come from this screen's own actions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded.loading]);

  // Someone else published, scheduled or unpublished the item: the status line follows and the person is
  // told. The revision the form is based on stays (a newer save is shown by the conflict screen on saving).
  useEffect(() => {
    if (!seenByPresence || !current) return;
    const newer = (seenByPresence.lastAction?.at ?? '') > (current.lastAction?.at ?? '');
    if (!newer || !stateMoved(current, seenByPresence)) return;
    const { latestRevision: _latest, ...state } = seenByPresence;
    setStatus({ ...current, ...state });
    report({ tone: 'info', text: describeMove(current, seenByPresence) });
    // Only a new answer of the presence call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seenByPresence]);

  // Saved or published under a new id (a rename): the address follows, so a reload finds the item.
  useEffect(() => {
    if (id === null || !current || current.id === id) return;
    carried = outcome;
    navigate(itemHref(kind, current.id), { replace: true });
    // The id the item now has is all that matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current?.id]);

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

  const report = (next: Outcome) => {
    setOutcome(next);
    announce(next.text);
  };
  /** The item as saved now: the status line, and what the form is compared with. */
  const adopt = (next: ContentItemStatus) => {
    setStatus(next);
    editing.basedOn({ id: next.id, revision: next.latestRevision, content: next.content });
  };
  /** Replaces the form's values (and what they are based on). */
  const redraw = (initial: object, base: ContentItemStatus | null) => {
    if (base) adopt(base);
    setForm((f) => ({ round: f.round + 1, initial }));
    editing.edited(initial);
  };

  async function showConflict(error: ApiError, mine: object) {
    const details = error.details as unknown as StaleDetails;
    const [latest, revisions] = await Promise.all([client.item(kind, current!.id), client.revisions(kind, current!.id)]);
    const baseContent = revisions.find((r) => r.revision === details.baseRevision)?.content;
    setPending({ conflict: { details, changes: contentChanges(latest.content, mine) }, mine, baseContent, latest });
  }

  /** A write refused because a newer revision was saved: the comparison, from what the form holds. */
  const onStale = (error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== 'stale') return;
    void showConflict(error, (editing.values.current as object | undefined) ?? (current?.content as object));
  };

  async function save(item: object, base = editing.base.current): Promise<boolean> {
    const target = current?.id ?? idOf(kind, item);
    try {
      const saved = await client.save(kind, target, item, base);
      adopt(saved);
      setPending(null);
      const offBy = saved.lastAction?.action.startsWith('unpublish')
        ? ` (${saved.lastAction.actor} unpublished it at ${clockTime(saved.lastAction.at)})`
        : '';
      const visitors =
        saved.state === 'unpublished'
          ? `it is not on the site${offBy}: visitors see nothing of it`
          : saved.liveRevision
            ? `visitors still see revision ${saved.liveRevision}`
            : 'visitors see nothing of it yet';
      // Published or scheduled by someone else since the screen last knew: said with the save.
      const moved = current && saved.state !== 'unpublished' && stateMoved(current, saved) ? ` ${describeMove(current, saved)}` : '';
      const done: Outcome = {
        tone: moved || offBy ? 'info' : 'success',
        text: `Saved ${clockTime(new Date().toISOString())}: revision ${saved.latestRevision}, a draft (${visitors}).${moved}`,
      };
      report(done);
      if (id === null) {
        carried = done;
        navigate(itemHref(kind, saved.id), { replace: true });
      }
      return true;
    } catch (error) {
      report(refusal('Not saved', error));
      if (error instanceof ApiError && error.code === 'stale') await showConflict(error, item).catch(() => undefined);
      // A refusal naming fields is also shown on them by the form.
      if (error instanceof ApiError && error.issues.length) throw error;
      return false;
    }
  }

  async function overwrite() {
    if (!pending) return;
    setBusy(true);
    try {
      if (await save(pending.mine, pending.latest.latestRevision)) redraw(pending.mine, null);
    } finally {
      setBusy(false);
    }
  }

  function takeTheirs() {
    if (!pending) return;
    const merged = reapply(pending.baseContent, pending.mine, pending.latest.content) as object;
    setPending(null);
    redraw(merged, pending.latest);
    report({
      tone: 'info',
      text: `Loaded revision ${pending.latest.latestRevision} with your edits put back on top. Check the form, then save.`,
    });
  }

  const title =
    kind === 'banners'
      ? 'Banners: the announcement bar and the home page pill'
      : id === null
        ? `New ${labels.one}`
        : `Edit ${labels.one}: ${id}`;
  return (
    <>
      <EditorLink href={EDITOR_PATH} className="text-sm text-primary underline">
        Back to the content
      </EditorLink>
      <h1 className="mt-2 text-3xl font-semibold break-words text-ink">{title}</h1>
      {current && <StatusLine status={current} />}
      <PresenceNote others={others} />
      {offer && (
        <DraftOffer
          draft={offer}
          onRestore={() => {
            setOffer(null);
            redraw(offer.values as object, null);
            if (offer.base !== null) editing.base.current = offer.base;
            report({ tone: 'info', text: 'Your unsaved changes are back in the form. Save them when ready.' });
          }}
          onDiscard={() => {
            setOffer(null);
            dropDraft(session.user.email, kind, current?.id ?? null);
          }}
        />
      )}
      <ContentForm
        key={`${current?.id ?? 'new'}:${form.round}`}
        kind={kind}
        isNew={id === null}
        initial={form.initial ?? (current?.content as object | undefined) ?? undefined}
        onSave={save}
        onValuesChange={editing.edited}
        onRefused={(text) => setOutcome({ tone: 'error', text })}
        footer={
          <>
            <OutcomeMessage outcome={outcome} />
            {pending && <ConflictPanel conflict={pending.conflict} busy={busy} onTakeTheirs={takeTheirs} onOverwrite={overwrite} />}
          </>
        }
      >
        {current && (
          <ItemActions
            kind={kind}
            status={current}
            canPublish={session.user.role === 'publisher'}
            unsaved={editing.dirty}
            changed={setStatus}
            report={report}
            stale={onStale}
          />
        )}
      </ContentForm>
      {current && (
        <RevisionsList
          kind={kind}
          id={current.id}
          status={current}
          unsaved={editing.dirty}
          report={report}
          stale={onStale}
          restored={(next) => redraw(next.content as object, next)}
        />
      )}
    </>
  );
}
