/**
 * Menus for the shell's tests, built the way the api builds them (siteNavigation) from a small page
 * table shaped like the sections' own: the real tables belong to the remotes, which the shell never
 * imports. The site's real menus are checked end to end (e2e/menus.spec.ts).
 */
import { siteNavigation, type NavPlacement, type PageMeta } from '@cardlift/contracts';

const page = (path: string, nav: NavPlacement): PageMeta => ({ path, title: nav.label, description: `${nav.label} page`, nav });

export const testNavigation = siteNavigation([
  {
    pages: [
      page('/products/offers-network', { menu: 'products', order: 1, label: 'Offers Network', description: 'Reach customers' }),
      page('/products/merchants', { menu: 'products', order: 3, label: 'Merchants', footer: false }),
      page('/products/offers-api', { menu: 'products', order: 6, label: 'Offers API', description: 'One API' }),
      page('/solutions/retail', { menu: 'solutions', order: 1, label: 'Retail' }),
      page('/solutions/agencies', { menu: 'solutions', order: 7, label: 'Agencies' }),
      page('/case-studies', { menu: 'resources', order: 1, label: 'Case Studies', description: 'Results our clients have seen' }),
      page('/blog', { menu: 'resources', order: 2, label: 'Blog' }),
    ],
    dynamic: [],
  },
  {
    pages: [
      page('/company/careers', { menu: 'company', order: 2, label: 'Careers', description: 'Open roles on our team' }),
      page('/company/about-us', { menu: 'company', order: 1, label: 'About Us', description: 'Our mission, pillars and values' }),
      page('/privacy', { menu: 'resources', order: 101, label: 'Privacy Policy', header: false }),
    ],
    dynamic: [],
  },
]);
