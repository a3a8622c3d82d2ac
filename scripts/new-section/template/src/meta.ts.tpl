import type { PageMeta, RemoteMeta } from '@cardlift/contracts';

/**
 * Metadata of this remote's pages, declared once: pages use it on the client, the api in the HTML it
 * sends (title, description, status, sitemap) and in the site's menus (`nav`).
 */
export const pages = {
  main: {
    path: {{pagePath}},
    title: {{label}},
    description: {{description}},
    nav: { menu: {{menu}}, order: {{navOrder}}, label: {{label}}, description: {{navDescription}} },
  },
} satisfies Record<string, PageMeta>;

export const remoteMeta: RemoteMeta = { pages: Object.values(pages), dynamic: [] };
