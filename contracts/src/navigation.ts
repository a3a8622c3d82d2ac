/**
 * The site's menus, built from the sections' page tables. Each page says where it belongs
 * (PageMeta.nav); the api gathers the entries of the builds it serves (rendering the page with them
 * and answering them at GET /api/navigation), and the shell draws its header menus and footer columns
 * from them. The shell owns the menus' names and layout, a
 * section owns its entries, so a section's release changes its links without a shell build.
 */

import { API_PATHS } from './inline-data';

/** The menus a page can be listed in, in the order the shell draws them. */
export const NAV_MENUS = ['products', 'solutions', 'resources', 'company'] as const;
export type NavMenu = (typeof NAV_MENUS)[number];

// Type only: the schema (and zod) stay out of the browser's download.
export type { NavPlacement } from './schemas/navigation';

export interface NavLink {
  label: string;
  /** Starting with `/`: inside the site; anything else opens in a new tab (SmartLink). */
  href: string;
  description?: string;
}

export type NavLists = Record<NavMenu, NavLink[]>;

/** Every menu's links, for the header and for the footer. */
export interface SiteNavigation {
  header: NavLists;
  footer: NavLists;
}

/** Menus with no links, to fill in (a fresh object each time). */
export function emptyNavigation(): SiteNavigation {
  const lists = () => Object.fromEntries(NAV_MENUS.map((menu) => [menu, []])) as unknown as NavLists;
  return { header: lists(), footer: lists() };
}

/** What the shell draws until it has the links (or when the api cannot give them). */
export const EMPTY_NAVIGATION: SiteNavigation = emptyNavigation();

/** The query parameter of GET /api/navigation naming the builds a page was rendered from. */
export const NAVIGATION_BUILDS_PARAMETER = 'builds';

/**
 * Where a page fetches its menus: GET /api/navigation naming every build of the registry it was
 * rendered from (`mf_company@1.0.0-ab12cd34ef,...`), so the answer is that snapshot's links even when
 * a release moved the registry between the HTML and this request. The server's preload and the
 * shell's fetch use this one function: the browser reuses a preload only for the very same URL.
 */
export function navigationPath(registry: readonly { name: string; version: string }[]): string {
  if (registry.length === 0) return API_PATHS.navigation;
  const builds = registry
    .map((entry) => `${entry.name}@${entry.version}`)
    .sort()
    .join(',');
  return `${API_PATHS.navigation}?${NAVIGATION_BUILDS_PARAMETER}=${encodeURIComponent(builds)}`;
}

/** The builds a navigation request names (see `navigationPath`): remote name to version, unchecked. */
export function namedBuilds(parameter: unknown): Map<string, string> {
  const named = new Map<string, string>();
  if (typeof parameter !== 'string') return named;
  for (const build of parameter.split(',')) {
    const at = build.indexOf('@');
    if (at > 0) named.set(build.slice(0, at), build.slice(at + 1));
  }
  return named;
}
