/** The Merchants and Publishers product pages: placeholders until their content is ready. */
export const inProgressPages = {
  merchants: {
    eyebrow: 'Merchants',
    title: 'Cardlift for Merchants',
  },
  publishers: {
    eyebrow: 'Publishers',
    title: 'Cardlift for Publishers',
  },
} as const;

export const inProgressCopy = {
  message: 'This page is in progress. We are putting the finishing touches on it; check back soon.',
  home: 'Home',
} as const;
