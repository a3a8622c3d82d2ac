import type { PageMeta, RemoteMeta } from '@cardlift/contracts';

/** Pages the shell renders itself; the api reads them from the shell's server build for their head tags. */
export const componentsPageMeta: PageMeta = {
  path: '/components',
  title: 'Design System',
  description: 'Typography, colours, buttons, icons, cards, badges, spacing and the contact form of the site.',
  // The page shows the contact form itself, as a specimen.
  frame: { contactForm: false },
};

export const shellPages: readonly PageMeta[] = [componentsPageMeta];

/** The shell's page table, in the form every remote's server build exports; kept out of the sitemap. */
export const shellPageTable: RemoteMeta = { pages: shellPages, dynamic: [], sitemap: false };
