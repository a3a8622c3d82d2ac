/**
 * The site's menus. The shell owns their names and layout; the links come from the sections' page
 * tables (PageMeta.nav), gathered by the api from the builds it serves: the server renders the page
 * with them, and the browser fetches the same builds' links from GET /api/navigation (preloaded by the
 * boot script beside the code) before it hydrates.
 * A section's release adds, renames or removes its links without a shell build.
 */
import { atom, useAtomValue } from 'jotai';
import {
  EMPTY_NAVIGATION,
  NAV_MENUS,
  navigationPath,
  signInUrl,
  siteConfig,
  type NavLink,
  type NavMenu,
  type RemoteEntry,
  type SiteNavigation,
} from '@cardlift/contracts';

export type { NavLink } from '@cardlift/contracts';

/** The links of the builds this page was served with. */
export const navigationAtom = atom<SiteNavigation>(EMPTY_NAVIGATION);

const isNavigation = (value: unknown): value is SiteNavigation =>
  typeof value === 'object' && value !== null && 'header' in value && 'footer' in value;

/**
 * The menus' links of the builds this page was rendered from (`registry`, its inlined registry), even
 * when a release moved the site on since the HTML was sent; undefined when the api cannot be reached.
 */
export async function fetchNavigation(registry: readonly RemoteEntry[] = []): Promise<SiteNavigation | undefined> {
  try {
    // Bounded: the page hydrates without its menus' links rather than never.
    const response = await fetch(navigationPath(registry), { credentials: 'same-origin', signal: AbortSignal.timeout(5000) });
    const body: unknown = response.ok ? await response.json() : undefined;
    return isNavigation(body) ? body : undefined;
  } catch {
    return undefined;
  }
}

interface MenuLayout {
  label: string;
  /** Desktop dropdown width in px. */
  width: number;
  /** Columns of the desktop panel. */
  columns: 1 | 2;
}

const MENUS: Record<NavMenu, MenuLayout> = {
  products: { label: 'Products', width: 600, columns: 2 },
  solutions: { label: 'Solutions', width: 700, columns: 2 },
  resources: { label: 'Resources', width: 320, columns: 1 },
  company: { label: 'Company', width: 320, columns: 1 },
};

export interface NavGroup extends MenuLayout {
  /** Stable key, also the mobile accordion's value. */
  id: NavMenu;
  links: readonly NavLink[];
}

/** The header's menus that have links. */
export function headerGroups(navigation: SiteNavigation): NavGroup[] {
  return NAV_MENUS.filter((id) => navigation.header[id].length > 0).map((id) => ({ id, ...MENUS[id], links: navigation.header[id] }));
}

export function useHeaderGroups(): NavGroup[] {
  return headerGroups(useAtomValue(navigationAtom));
}

// Addresses are read when used, not when this module loads: they are the environment's (site-config.ts).
export const signInLink: NavLink = {
  label: 'Sign In',
  get href() {
    return signInUrl();
  },
};

export interface FooterColumn {
  title: string;
  links: readonly NavLink[];
}

/** The footer's columns: the sections' links, and the sister site after the products. */
export function footerColumns(navigation: SiteNavigation): FooterColumn[] {
  return NAV_MENUS.map((id) => ({
    title: MENUS[id].label,
    links: id === 'products' ? [...navigation.footer[id], siteConfig.sisterSite] : navigation.footer[id],
  })).filter((column) => column.links.length > 0);
}

export function useFooterColumns(): FooterColumn[] {
  return footerColumns(useAtomValue(navigationAtom));
}
