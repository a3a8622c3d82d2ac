import { organizationJsonLd, type PageMeta, type RemoteMeta } from '@cardlift/api/contracts';

/** Metadata of this remote's pages, declared once: pages use it on the client, the api in the HTML it sends. */
export const pages = {
  home: {
    path: '/',
    title: 'Cardlift | Card-linked offers that bring customers back',
    description:
      'Reach 200+ million cardholders with targeted card-linked offers, 1:1 client success support and leading iROAS.',
    jsonLd: [organizationJsonLd()],
  },
} satisfies Record<string, PageMeta>;

export const remoteMeta: RemoteMeta = { pages: Object.values(pages), dynamic: [] };
