/** The tags of the answers built from builds and content: pages, the sitemap, the registry and the menus. */
import { API_PATHS, type RemoteEntry } from '@cardlift/contracts';
import { listTag, NAVIGATION_TAG, NOT_FOUND_TAG, queryTags, registryTags, sectionTag, shellTags, uniqueTags } from './edge-tags';

export interface PageSources {
  /** The shell's entry scripts (content-hashed): its build. */
  shellScripts: readonly string[];
  /** The registry snapshot the page inlines: every remote it names. */
  registry: readonly Pick<RemoteEntry, 'name'>[];
  /** The remote whose build rendered the page (none for the shell's own pages). */
  section: string | undefined;
  /** The query keys of the content the page shows (the banners included). */
  queries: readonly (readonly string[])[];
  /** False for a 404, which a publish or a release may turn into a page. */
  found: boolean;
}

export function pageTags({ shellScripts, registry, section, queries, found }: PageSources): string[] {
  return uniqueTags([
    ...shellTags(shellScripts),
    ...registryTags(registry),
    ...(section ? [sectionTag(section)] : []),
    // The server-rendered menus come from the builds' page tables.
    NAVIGATION_TAG,
    ...queryTags(queries),
    ...(found ? [] : [NOT_FOUND_TAG]),
  ]);
}

/** Content lists whose items have pages of their own (the sitemap lists them). */
const LISTED = [API_PATHS.caseStudies, API_PATHS.blog, API_PATHS.jobs].map((path) => listTag(path.slice('/api/'.length)));

/** The sitemap lists every page of every build served and every content item with a page. */
export const sitemapTags = (registry: readonly Pick<RemoteEntry, 'name'>[]) => uniqueTags([...registryTags(registry), ...LISTED]);

/** GET /api/remotes and GET /api/navigation: the snapshot, and the menus drawn from its builds. */
export const registryAnswerTags = (registry: readonly Pick<RemoteEntry, 'name'>[]) =>
  uniqueTags([...registryTags(registry), NAVIGATION_TAG]);
