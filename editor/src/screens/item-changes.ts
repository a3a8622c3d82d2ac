/**
 * What someone else did to the item the screen shows, said in plain words: a publish, a schedule, an
 * unpublish (from the item's last action), and a schedule that ended without going live. Said when the
 * presence call finds the item moved, and beside a save that finds it was taken off the site.
 */
import type { ContentItemState, ContentItemStatus, PendingSchedule } from '@cardlift/contracts';
import { clockTime, formatTime } from './dates';

type State = Pick<ContentItemStatus, 'state' | 'liveRevision' | 'scheduledRevision' | 'publishAt'> & Partial<ContentItemState>;

/** Whether what visitors see, or will see, differs between the two. */
export function stateMoved(before: State, after: State): boolean {
  return (
    before.state !== after.state ||
    before.liveRevision !== after.liveRevision ||
    before.scheduledRevision !== after.scheduledRevision ||
    before.publishAt !== after.publishAt
  );
}

/** "the schedule of revision 2 for Jan 1, 10:27 PM (set by alice@…) was cancelled" */
export function cancelledScheduleText(schedule: PendingSchedule): string {
  const by = schedule.scheduledBy ? ` (set by ${schedule.scheduledBy})` : '';
  return `The schedule of revision ${schedule.revision} for ${formatTime(schedule.publishAt)}${by} was cancelled.`;
}

/** What moved between `before` and `after`, naming who did it and when. */
export function describeMove(before: State, after: State): string {
  const last = after.lastAction;
  const who = last?.actor ?? 'Someone';
  const when = last ? ` at ${clockTime(last.at)}` : '';
  const action = last?.action ?? '';
  let text: string;
  if (action === 'publish scheduled') text = `Scheduled revision ${after.liveRevision} went live${when}.`;
  else if (action.startsWith('publish')) text = `${who} published revision ${after.liveRevision}${when}: it is live now.`;
  else if (action.startsWith('unpublish')) text = `${who} unpublished it${when}: visitors no longer see it.`;
  else if (action === 'schedule') text = `${who} scheduled revision ${after.scheduledRevision} to go live ${formatTime(after.publishAt)}.`;
  else text = `Its state changed${when}: now ${after.state}.`;
  const scheduleEnded =
    before.scheduledRevision !== null && before.publishAt !== null && after.scheduledRevision === null && action !== 'publish scheduled';
  if (scheduleEnded)
    text += ` ${cancelledScheduleText({ revision: before.scheduledRevision!, publishAt: before.publishAt!, scheduledBy: before.scheduledBy ?? null, scheduledAt: null })}`;
  return text;
}
