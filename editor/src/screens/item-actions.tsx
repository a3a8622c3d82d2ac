/**
 * What can be done with a saved item beside saving: Preview (everyone), and for publishers Publish
 * now and Unpublish (each confirmed, naming the page and its address) and Schedule. Every one names
 * the revision the screen shows, so nobody publishes a revision they never saw (409 otherwise), and
 * says how it ended beside the buttons. While the form has unsaved changes, publishing waits for a save.
 * Publishing now or unpublishing while a schedule is pending names that schedule in the question and
 * cancels it only then; one set by someone meanwhile is refused by the api (409) and asked about again.
 * An editor never sees the publisher's buttons; the api refuses them anyway.
 */
import { useState } from 'react';
import { Button } from '@cardlift/shell/ui';
import { contentPagePath, type ContentItemStatus, type ContentKind, type PendingSchedule } from '@cardlift/contracts';
import { ApiError } from '../api/editor-client';
import { useEditor } from '../editor-context';
import { Dialog } from '../ui/dialog';
import type { Outcome } from '../ui/outcome';
import { KIND_LABELS } from './dashboard';
import { clockTime, formatTime, utcLabel, zoneLabel } from './dates';
import { refusal } from './outcomes';
import { ScheduleField } from './schedule-field';
import { cancelledScheduleText } from './item-changes';

interface ItemActionsProps {
  kind: ContentKind;
  status: ContentItemStatus;
  canPublish: boolean;
  /** The form has changes not saved yet: they would not be published. */
  unsaved: boolean;
  changed(status: ContentItemStatus): void;
  report(outcome: Outcome): void;
  /** A 409 `stale`: someone saved since; the screen shows the comparison. */
  stale(error: unknown): void;
}

type Confirming = 'publish' | 'unpublish' | null;

/** "alice@… scheduled revision 2 to go live Jan 1, 10:27 PM." */
const scheduleSentence = (schedule: PendingSchedule) =>
  `${schedule.scheduledBy ?? 'Someone'} scheduled revision ${schedule.revision} to go live ${formatTime(schedule.publishAt)}.`;

const titleOf = (status: ContentItemStatus) => {
  const title = (status.content as { title?: unknown } | null)?.title;
  return typeof title === 'string' ? `“${title}”` : status.kind === 'banners' ? 'the banners' : status.id;
};

export function ItemActions({ kind, status, canPublish, unsaved, changed, report, stale }: ItemActionsProps) {
  const { client, announce } = useEditor();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const url = `${window.location.origin}${contentPagePath(kind, status.id)}`;
  const where = kind === 'banners' ? `every page of ${window.location.origin}` : url;
  const base = status.latestRevision;

  const say = (outcome: Outcome) => {
    report(outcome);
    announce(outcome.text);
  };

  async function act(
    failed: string,
    work: () => Promise<ContentItemStatus>,
    done: (next: ContentItemStatus) => string,
    asked?: Confirming,
  ) {
    setBusy(true);
    setConfirming(null);
    try {
      const next = await work();
      changed(next);
      const cancelled = next.cancelledSchedule ? ` ${cancelledScheduleText(next.cancelledSchedule)}` : '';
      say({ tone: 'success', text: `${done(next)}${cancelled}` });
    } catch (error) {
      const schedule = error instanceof ApiError && error.code === 'schedule_pending' ? (error.details.schedule as PendingSchedule) : null;
      if (schedule && asked) {
        // Set by someone since the screen was drawn: shown, and the question asked again, naming it.
        changed({
          ...status,
          state: 'scheduled',
          scheduledRevision: schedule.revision,
          publishAt: schedule.publishAt,
          scheduledBy: schedule.scheduledBy,
        });
        say({ tone: 'error', text: `${failed}: ${scheduleSentence(schedule)} Confirm to cancel it, or keep it.` });
        setConfirming(asked);
      } else {
        say(refusal(failed, error));
        stale(error);
      }
    } finally {
      setBusy(false);
    }
  }

  async function preview() {
    // Opened before the call, while the click still allows a new tab; pointed at the page once answered.
    const tab = window.open('about:blank', '_blank');
    try {
      const { url: page } = await client.preview(kind, status.id);
      if (tab) tab.location.href = page;
      else window.location.assign(page);
      say({ tone: 'info', text: `Preview opened in a new tab: revision ${base} as saved, marked "Preview: not live".` });
    } catch (error) {
      tab?.close();
      say(refusal('Preview failed', error));
    }
  }

  const held = busy || unsaved;
  const pending: PendingSchedule | null =
    status.scheduledRevision !== null && status.publishAt !== null
      ? { revision: status.scheduledRevision, publishAt: status.publishAt, scheduledBy: status.scheduledBy ?? null, scheduledAt: null }
      : null;
  const scheduleNote = (doing: string) =>
    pending && (
      <p className="mt-3 rounded-button border-l-4 border-amber-600 bg-white px-3 py-2">
        {scheduleSentence(pending)} {doing} cancels that schedule.
      </p>
    );
  return (
    <>
      <Button variant="outline" disabled={busy} onClick={preview}>
        Preview
      </Button>
      {canPublish && (
        <>
          <Button variant="primary" disabled={held} onClick={() => setConfirming('publish')}>
            Publish now
          </Button>
          <ScheduleField
            disabled={held}
            onRefuse={(text) => say({ tone: 'error', text })}
            onSchedule={(at) =>
              void act(
                'Not scheduled',
                () => client.publish(kind, status.id, base, at),
                () => `Scheduled: revision ${base} goes live ${formatTime(at)} (${zoneLabel(new Date(at))}), which is ${utcLabel(at)}.`,
              )
            }
          />
          <Button
            variant="outline"
            disabled={busy || (status.state !== 'published' && status.state !== 'scheduled')}
            onClick={() => setConfirming('unpublish')}
          >
            Unpublish
          </Button>
          {unsaved && <p className="w-full text-sm text-muted">Save your changes first: publishing puts the saved revision live.</p>}
        </>
      )}
      {confirming === 'publish' && (
        <Dialog
          title={`Publish ${titleOf(status)} now?`}
          confirm={pending ? 'Publish now and cancel the schedule' : 'Publish now'}
          cancel={pending ? 'Keep the schedule' : 'Cancel'}
          tone="brand"
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            void act(
              'Not published',
              () => client.publish(kind, status.id, base, undefined, pending !== null),
              () =>
                `Published ${clockTime(new Date().toISOString())}: revision ${base} is live at ${where}, on every server within a second.`,
              'publish',
            )
          }
        >
          <p>
            Revision {base} of this {KIND_LABELS[kind].one} goes live for every visitor at <strong className="break-all">{where}</strong>.
          </p>
          {scheduleNote('Publishing now')}
        </Dialog>
      )}
      {confirming === 'unpublish' && (
        <Dialog
          title={`Take ${titleOf(status)} off the site?`}
          confirm={pending ? 'Unpublish and cancel the schedule' : 'Unpublish'}
          cancel={pending ? 'Keep the schedule' : 'Cancel'}
          tone="brand"
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            void act(
              'Not unpublished',
              () => client.unpublish(kind, status.id, base, pending !== null),
              () => `Unpublished ${clockTime(new Date().toISOString())}: ${where} no longer shows it.`,
              'unpublish',
            )
          }
        >
          <p>
            Visitors of <strong className="break-all">{where}</strong> will no longer see it
            {kind === 'jobs' ? ' (the posting shows as closed)' : kind === 'banners' ? '' : ' (the page answers "not found")'}, and it
            leaves the lists and the sitemap. Its revisions stay: you can publish it again at any time.
          </p>
          {scheduleNote('Unpublishing')}
        </Dialog>
      )}
    </>
  );
}
