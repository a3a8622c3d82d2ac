/**
 * Ids of the JSON data blocks (`<script type="application/json">`) the api inlines into the HTML,
 * saving the shell round trips. Data blocks are not executed, so the Content-Security-Policy needs no
 * inline-script exception. Kept apart from the zod schemas so reading them costs the browser no zod.
 */
import type { RumPageContext } from './rum';

export const INLINE_REGISTRY_ELEMENT_ID = 'cardlift-remotes';

/**
 * Id of the page's `<main>`: the skip link's target, and what the server-rendered HTML holds the first
 * paint for (`<link rel="expect" blocking="render">`), so no frame shows the page half parsed.
 */
export const MAIN_CONTENT_ID = 'main';

/** Id of the data block holding `InlineQueryData[]`: query results the page needs at once. */
export const INLINE_QUERY_DATA_ELEMENT_ID = 'cardlift-data';

/** Id of the data block holding the page's frame (`PageFrame`) the server rendered it with. */
export const INLINE_PAGE_FRAME_ELEMENT_ID = 'cardlift-frame';

/** Id of the data block holding the environment's `SiteAddresses`, published by the boot script. */
export const INLINE_SITE_ADDRESSES_ELEMENT_ID = 'cardlift-site';

/**
 * Id of the data block telling the boot script what to fetch: the shell's entry scripts, and files
 * worth fetching in the same wave (the shell's start chunks, the route's remote entry and chunks).
 */
export const INLINE_BOOT_ELEMENT_ID = 'cardlift-boot';

/**
 * Marks a page's full stylesheet link, sent beside the rules its first paint uses (inlined): it
 * loads as `media="print"` without blocking the paint, and the boot script applies it once it arrives.
 */
export const DEFERRED_SHEET_ATTRIBUTE = 'data-deferred-sheet';

export interface BootFile {
  href: string;
  as: 'script' | 'style' | 'fetch';
}

export interface BootData {
  scripts: string[];
  preload: BootFile[];
  /** How the page is measured (real-user measurement); absent where the api measures nothing. */
  rum?: RumPageContext;
}

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
  navigation: '/api/navigation',
} as const;
