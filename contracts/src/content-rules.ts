/**
 * Content rules the pages need without the schemas: zod-free, so a page can check a URL or fill a
 * default without downloading zod (the schemas in schemas/content.ts use these same values).
 */

/** The shape of an id or slug in a URL (`sling-tv-case-study`): lowercase words joined by dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && SLUG_PATTERN.test(value);
}

/**
 * Where images uploaded through the content API are served (`<prefix><hash>.webp`): what their `src`
 * starts with in content, and where a publish looks for them (the shared store, not content/images).
 */
export const UPLOADED_IMAGE_PREFIX = '/content-images/uploads/';

/** Button text of a blog post's call to action when the post gives none. */
export const DEFAULT_CTA_BUTTON_TEXT = 'Get in Touch';

/**
 * Whether a job posting is open at `now`: through the whole of its `validThrough` day (a calendar
 * date, read in UTC), and until it is taken down when it has none. Search engines treat a posting past
 * its validThrough as expired, so the careers list, the sitemap, the JSON-LD and the job page's
 * status all follow this one rule, evaluated by the api on each request.
 */
export function isJobOpen(job: { validThrough?: string | undefined }, now: Date): boolean {
  return job.validThrough === undefined || jobCalendarDay(now) <= job.validThrough;
}

/** The calendar day (`yyyy-mm-dd`, UTC) job dates are compared with: isJobOpen's answer changes only with it. */
export function jobCalendarDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
