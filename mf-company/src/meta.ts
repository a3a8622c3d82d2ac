import type { PageMeta, RemoteMeta } from '@cardlift/api/contracts';

/** Metadata of this remote's pages, declared once: pages use it on the client, the api in the HTML it sends. */
export const pages = {
  main: { path: '/company/about-us', title: 'About Us', description: 'About Us at Cardlift.' },
} satisfies Record<string, PageMeta>;

export const remoteMeta: RemoteMeta = { pages: Object.values(pages), dynamic: [] };
