/**
 * Content rules the pages need without the schemas: zod-free, so a page can check a URL or fill a
 * default without downloading zod (the schemas in schemas/content.ts use these same values).
 */

/** The shape of an id or slug in a URL (`sling-tv-case-study`): lowercase words joined by dashes. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function isSlug(value: string | undefined): value is string {
  return value !== undefined && SLUG_PATTERN.test(value);
}

/** Button text of a blog post's call to action when the post gives none. */
export const DEFAULT_CTA_BUTTON_TEXT = 'Get in Touch';
