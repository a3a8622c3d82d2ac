/**
 * Which page a path is, for the HTML the api sends: its metadata, or null for a 404. The metadata
 * comes from the page tables of the builds the registry serves (page-tables.ts), the same
 * declarations the remotes render on the client.
 */
import {
  matchPattern,
  resolvePageMeta,
  sectionForPath,
  siteConfig,
  type ContentLookup,
  type PageMeta,
  type RemoteName,
} from '@cardlift/contracts';
import type { SitePageTables } from './page-tables';

export interface ResolvedPage {
  meta: PageMeta;
  remote?: RemoteName;
}

export function resolvePage(pathname: string, content: ContentLookup, tables: SitePageTables): ResolvedPage | null {
  const own = resolvePageMeta(tables.shell, pathname, content);
  if (own) return { meta: own };
  const section = sectionForPath(pathname);
  if (!section) return null;
  const table = tables.remote(section.remote);
  if (!table) return sectionFallback(pathname);
  const meta = resolvePageMeta(table, pathname, content);
  return meta ? { meta, remote: section.remote } : null;
}

/**
 * The route a path no page answers falls under: the dynamic pattern it matches (an unknown blog post
 * is `/blog/:id`), or '' for a path no route knows. Unknown paths of one route render the same body
 * (the section's loading or not-found state), so the render pool keeps one body per route: a body
 * kept for one route sent for another would not match what the browser draws there.
 */
export function notFoundRoute(pathname: string, tables: SitePageTables): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const section = sectionForPath(path);
  const table = section ? tables.remote(section.remote) : undefined;
  const dynamic = [...tables.shell.dynamic, ...(table?.dynamic ?? [])];
  return dynamic.find((page) => matchPattern(page.pattern, path))?.pattern ?? '';
}

/**
 * A path of a section whose page table cannot be read (a team's dev server, a build that fails to
 * load in time) is the browser's to draw: 200 with the site's own description, and the page sets its
 * head tags when it runs. Null for a path no section owns.
 */
export function sectionFallback(pathname: string): ResolvedPage | null {
  const section = sectionForPath(pathname);
  return section ? { meta: { path: pathname, title: section.label, description: siteConfig.tagline }, remote: section.remote } : null;
}

export const NOT_FOUND_META: PageMeta = {
  path: '*',
  title: '404 Page Not Found',
  description: 'Did you forget to add the page to the router?',
  noindex: true,
};
