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

const CLOCK = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "14:02" in the browser's time zone (with the date when it is not today). */
export function clockTime(iso: string, now = new Date()): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return time.toDateString() === now.toDateString() ? CLOCK.format(time) : formatTime(iso);
}

/** The browser's time zone and its UTC offset at `at`: "Europe/Berlin (UTC+01:00)". */
export function zoneLabel(at = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
  const minutes = -at.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const offset = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${zone} (UTC${sign}${offset})`;
}

/** "2026-05-01 07:30 UTC": the same moment in UTC, to the minute (seconds when they are not zero). */
export function utcLabel(iso: string): string {
  const text = new Date(iso).toISOString();
  const seconds = text.slice(17, 19);
  return `${text.slice(0, 10)} ${text.slice(11, seconds === '00' ? 16 : 19)} UTC`;
}
