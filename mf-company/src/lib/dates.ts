import { format, parseISO } from 'date-fns';

/** Job dates are ISO calendar dates (yyyy-mm-dd). */
export const JOB_DATE_FORMAT = 'MMM d, yyyy';
export const LEGAL_DATE_FORMAT = 'MMMM d, yyyy';

/**
 * Formats an ISO calendar date. date-fns' parseISO reads a date-only string as local midnight,
 * unlike `new Date('2024-03-05')` (UTC midnight), which shows the previous day west of Greenwich.
 */
export function formatCalendarDate(isoDate: string, pattern: string = JOB_DATE_FORMAT): string {
  return format(parseISO(isoDate), pattern);
}
