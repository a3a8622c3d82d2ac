/**
 * The site's menus, built from the sections' page tables. Each page says where it belongs
 * (PageMeta.nav); the api gathers the entries of the builds it serves and inlines them, and the shell
 * draws its header menus and footer columns from them. The shell owns the menus' names and layout, a
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

/** What the api inlines into each page: every menu's links, for the header and for the footer. */
export interface SiteNavigation {
  header: NavLists;
  footer: NavLists;
}

/** Menus with no links, to fill in (a fresh object each time). */
export function emptyNavigation(): SiteNavigation {
  const lists = (): NavLists => ({ products: [], solutions: [], resources: [], company: [] });
  return { header: lists(), footer: lists() };
}

/** What the shell draws before the api has told it the links (no page table served). */
export const EMPTY_NAVIGATION: SiteNavigation = emptyNavigation();
