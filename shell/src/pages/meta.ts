import type { PageMeta } from '@cardlift/api/contracts';

/** Pages the shell renders itself; the api reads this module for their server-side head tags. */
export const componentsPageMeta: PageMeta = {
  path: '/components',
  title: 'Design System',
  description: 'Typography, colours, buttons, icons, cards, badges, spacing and the contact form of the site.',
  // The page shows the contact form itself, as a specimen.
  frame: { contactForm: false },
};

export const shellPages: readonly PageMeta[] = [componentsPageMeta];
