/**
 * Builds the site's menus from the page tables of the builds the api serves (see navigation.ts).
 */
import { emptyNavigation, type NavLink, type NavMenu, type SiteNavigation } from './navigation';
import type { RemoteMeta } from './route-meta';
import { navPlacementSchema } from './schemas/navigation';
import { z } from './schemas/z';

/**
 * The menus of the given page tables. Only static pages can be listed (a pattern is no address).
 * An entry that is malformed is left out and reported through `onInvalid`, so one section's mistake
 * never takes the menus down.
 */
export function siteNavigation(tables: readonly RemoteMeta[], onInvalid?: (path: string, problem: string) => void): SiteNavigation {
  const entries: { order: number; menu: NavMenu; link: NavLink; header: boolean; footer: boolean }[] = [];
  for (const page of tables.flatMap((table) => table.pages)) {
    if (page.nav === undefined) continue;
    const parsed = navPlacementSchema.safeParse(page.nav);
    if (!parsed.success || !page.path.startsWith('/') || page.path.includes(':')) {
      onInvalid?.(page.path, parsed.success ? 'only a static page path can be listed' : z.prettifyError(parsed.error));
      continue;
    }
    const { menu, label, description, order, header = true, footer = true } = parsed.data;
    entries.push({ order, menu, header, footer, link: { label, href: page.path, ...(description ? { description } : {}) } });
  }
  entries.sort((a, b) => a.order - b.order);
  const navigation = emptyNavigation();
  for (const entry of entries) {
    if (entry.header) navigation.header[entry.menu].push(entry.link);
    if (entry.footer) navigation.footer[entry.menu].push({ label: entry.link.label, href: entry.link.href });
  }
  return navigation;
}
