import { siteConfig, type PageMeta, type RemoteMeta } from '@cardlift/contracts';

const { productName } = siteConfig.invest;

/**
 * Metadata of this remote's pages, declared once: pages use it on the client, the api in the HTML it
 * sends. The invest page is a private raise: kept out of search results and out of the sitemap.
 */
export const pages = {
  main: {
    path: '/invest',
    title: `Invest in ${productName}: AI trade signals`,
    description: `${productName} turns market data into AI trade signals. Join early access or invest from $100 in the round.`,
    noindex: true,
    // Dark page: the black header to match, and no Talk to Sales section (not what an investor came for).
    frame: { invertedHeader: true, contactForm: false },
  },
} satisfies Record<string, PageMeta>;

export const remoteMeta: RemoteMeta = { pages: Object.values(pages), dynamic: [], sitemap: false };
