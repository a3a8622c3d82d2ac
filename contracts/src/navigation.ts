/**
 * The site's menus, built from the sections' page tables. Each page says where it belongs
 * (PageMeta.nav); the api gathers the entries of the builds it serves (rendering the page with them
 * and answering them at GET /api/navigation), and the shell draws its header menus and footer columns
 * from them. The shell owns the menus' names and layout, a
 * section owns its entries, so a section's release changes its links without a shell build.
 */

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
