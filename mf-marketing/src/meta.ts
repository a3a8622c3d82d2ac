import { API_PATHS, organizationJsonLd, type PageMeta, type RemoteMeta } from '@cardlift/contracts';
import { solutions, type SolutionSlug } from './content/solutions';

/**
 * Metadata of this remote's pages, declared once: pages use it on the client, the api in the HTML it sends.
 * Keep this module free of asset and browser imports: the api imports it on the server.
 */
export const pages = {
  home: {
    chunk: 'home',
    path: '/',
    title: 'Cardlift | Card-linked offers that bring customers back',
    description: 'Reach 200+ million cardholders with targeted card-linked offers, 1:1 client success support and leading iROAS.',
    jsonLd: [organizationJsonLd()],
    queries: [[API_PATHS.caseStudies]],
  },
  offersNetwork: {
    chunk: 'offers-network',
    path: '/products/offers-network',
    title: 'Offers Network',
    nav: { menu: 'products', order: 1, label: 'Offers Network', description: 'Reach 200M+ customers through financial partners' },
    description:
      'Reach over 200M additional customers through our financial partners: easy onboarding, straightforward economics and an average 10x performance increase.',
  },
  cardLinkedOffers: {
    chunk: 'card-linked-offers',
    path: '/products/card-linked-offers',
    title: 'Card-Linked Offers',
    nav: { menu: 'products', order: 2, label: 'Card-Linked Offers', description: 'Drive incrementality at the point of purchase' },
    description: 'Drive incrementality with card-linked offers: 2M+ consumers reach, $155B total spend and 11x average return on ad spend.',
  },
  merchants: {
    chunk: 'in-progress',
    path: '/products/merchants',
    title: 'Merchants',
    // In progress: listed in the header's menu, not yet in the footer.
    nav: { menu: 'products', order: 3, label: 'Merchants', description: 'Acquire and retain customers with rewards', footer: false },
    description: 'Cardlift for merchants: this page is in progress.',
  },
  publishers: {
    chunk: 'in-progress',
    path: '/products/publishers',
    title: 'Publishers',
    nav: { menu: 'products', order: 4, label: 'Publishers', description: 'Monetise your audience with offers', footer: false },
    description: 'Cardlift for publishers: this page is in progress.',
  },
  transactionalData: {
    chunk: 'transactional-data',
    path: '/products/transactional-data',
    title: 'Transactional Data',
    nav: { menu: 'products', order: 5, label: 'Transactional Data', description: 'Row-level spend data, model-ready' },
    description:
      'De-identified card transaction data from 29M+ panel users: row-level data with merchant tagging or a curated daily model-ready feed.',
  },
  offersApi: {
    chunk: 'offers-api',
    path: '/products/offers-api',
    title: 'Offers API',
    nav: { menu: 'products', order: 6, label: 'Offers API', description: 'Launch an offers programme with one API' },
    description:
      'Add cash-back offers to your banking, fintech, publisher or loyalty app with one API: OAuth 2.0, SOC 2 Type II and automated monthly payouts.',
  },
} satisfies Record<string, PageMeta>;

/** One entry per solution page, from the same data the page renders. */
export const solutionPages = Object.fromEntries(
  solutions.map((s, index) => [
    s.slug,
    {
      path: `/solutions/${s.slug}`,
      title: `${s.name} Solutions`,
      description: s.description,
      nav: { menu: 'solutions', order: index + 1, label: s.name },
      chunk: 'solution',
    } satisfies PageMeta,
  ]),
) as Record<SolutionSlug, PageMeta>;

export const remoteMeta: RemoteMeta = {
  pages: [...Object.values(pages), ...Object.values(solutionPages)],
  dynamic: [],
};
