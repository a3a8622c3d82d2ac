/**
 * Ids of the JSON data blocks (`<script type="application/json">`) the api inlines into the HTML,
 * saving the shell round trips. Data blocks are not executed, so the Content-Security-Policy needs no
 * inline-script exception. Kept apart from the zod schemas so reading them costs the browser no zod.
 */
export const INLINE_REGISTRY_ELEMENT_ID = 'cardlift-remotes';

/** Id of the data block holding `InlineQueryData[]`: query results the page needs at once. */
export const INLINE_QUERY_DATA_ELEMENT_ID = 'cardlift-data';

export interface InlineQueryData {
  queryKey: string[];
  data: unknown;
}

/** Paths of the api's read endpoints; query keys are `[path]` or `[path, id]` (the default query fetches key.join('/')). */
export const API_PATHS = {
  banners: '/api/banners',
  caseStudies: '/api/casestudies',
  blog: '/api/blog',
  jobs: '/api/jobs',
  contact: '/api/contact',
  remotes: '/api/remotes',
} as const;
