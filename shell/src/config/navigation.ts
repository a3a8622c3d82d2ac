/**
 * Site navigation as data: the header menus, the mobile accordions and the footer
 * columns all read from here, so a route is added in one place. External addresses come from the
 * shared site configuration.
 */
import { signInUrl, siteConfig } from '@cardlift/contracts';

export interface NavLink {
  label: string;
  /** Starting with `/`: inside the site; anything else opens in a new tab (SmartLink). */
  href: string;
  description?: string;
}

export interface NavGroup {
  /** Stable key, also the mobile accordion value ('more' is the Company group). */
  id: 'products' | 'solutions' | 'resources' | 'more';
  label: string;
  /** Desktop dropdown width in px. */
  width: number;
  /** Columns of the desktop panel. */
  columns: 1 | 2;
  links: readonly NavLink[];
}

export const productLinks = [
  { label: 'Offers Network', href: '/products/offers-network', description: 'Reach 200M+ customers through financial partners' },
  { label: 'Card-Linked Offers', href: '/products/card-linked-offers', description: 'Drive incrementality at the point of purchase' },
  { label: 'Merchants', href: '/products/merchants', description: 'Acquire and retain customers with rewards' },
  { label: 'Publishers', href: '/products/publishers', description: 'Monetise your audience with offers' },
  { label: 'Transactional Data', href: '/products/transactional-data', description: 'Row-level spend data, model-ready' },
  { label: 'Offers API', href: '/products/offers-api', description: 'Launch an offers programme with one API' },
] as const satisfies readonly NavLink[];

export const solutionLinks = [
  { label: 'Retail', href: '/solutions/retail' },
  { label: 'Essentials', href: '/solutions/essentials' },
  { label: 'Subscriptions + Streaming', href: '/solutions/subscriptions-streaming' },
  { label: 'Financial Institutions', href: '/solutions/financial-institutions' },
  { label: 'Restaurants + Food Delivery', href: '/solutions/restaurants-food-delivery' },
  { label: 'Travel + Ride Share', href: '/solutions/travel-ride-share' },
  { label: 'Agencies', href: '/solutions/agencies' },
] as const satisfies readonly NavLink[];

export const resourceLinks = [
  { label: 'Case Studies', href: '/case-studies', description: 'Results our clients have seen' },
  { label: 'Blog', href: '/blog', description: 'Industry insights and company news' },
] as const satisfies readonly NavLink[];

export const companyLinks = [
  { label: 'About Us', href: '/company/about-us', description: 'Our mission, pillars and values' },
  { label: 'Careers', href: '/company/careers', description: 'Open roles on our team' },
] as const satisfies readonly NavLink[];

export const headerGroups: readonly NavGroup[] = [
  { id: 'products', label: 'Products', width: 600, columns: 2, links: productLinks },
  { id: 'solutions', label: 'Solutions', width: 700, columns: 2, links: solutionLinks },
  { id: 'resources', label: 'Resources', width: 320, columns: 1, links: resourceLinks },
  { id: 'more', label: 'Company', width: 320, columns: 1, links: companyLinks },
];

// Addresses are read when used, not when this module loads: they are the environment's (site-config.ts).
export const signInLink: NavLink = {
  label: 'Sign In',
  get href() {
    return signInUrl();
  },
};

const footerProductHrefs = [
  '/products/offers-network',
  '/products/card-linked-offers',
  '/products/transactional-data',
  '/products/offers-api',
];

export interface FooterColumn {
  title: string;
  links: readonly NavLink[];
}

export const footerColumns: readonly FooterColumn[] = [
  {
    title: 'Products',
    links: [
      ...productLinks.filter((l) => footerProductHrefs.includes(l.href)).map(({ label, href }) => ({ label, href })),
      siteConfig.sisterSite,
    ],
  },
  { title: 'Solutions', links: solutionLinks },
  {
    title: 'Resources',
    links: [
      ...resourceLinks.map(({ label, href }) => ({ label, href })),
      { label: 'Privacy Policy', href: '/privacy' },
      { label: 'Terms of Service', href: '/terms' },
    ],
  },
  { title: 'Company', links: companyLinks.map(({ label, href }) => ({ label, href })) },
];
