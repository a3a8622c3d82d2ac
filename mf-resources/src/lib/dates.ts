import { format, isValid, parse } from 'date-fns';

export const BLOG_DATE_FORMAT = 'MMMM d, yyyy';

/**
 * Formats a content date (ISO `yyyy-mm-dd`) as 'MMMM d, yyyy'. The string is read as a calendar
 * date in local time: `new Date('2025-01-15')` would be UTC midnight and show January 14 west of UTC.
 */
export function formatBlogDate(isoDate: string): string {
  const date = parse(isoDate, 'yyyy-MM-dd', new Date(2000, 0, 1));
  return isValid(date) ? format(date, BLOG_DATE_FORMAT) : isoDate;
}
