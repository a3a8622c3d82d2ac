/** Times as an editor reads them, in the browser's own time zone. */
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : DATE_TIME.format(time);
}

/** A datetime-local control's value (local time, no zone) as an ISO time. */
export function localInputToIso(value: string): string | null {
  const time = new Date(value);
  return value && !Number.isNaN(time.getTime()) ? time.toISOString() : null;
}
