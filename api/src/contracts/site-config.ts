/**
 * Brand name and every external address of the site: the one place to change them.
 * Read by the shell (header, footer), the remotes (apply e-mail, early access) and the api (head tags, JSON-LD).
 */
export const siteConfig = {
  brandName: 'Cardlift',
  legalName: 'Cardlift, Inc.',
  /** Canonical origin of the public site, used in canonical URLs, sitemap and social tags. */
  siteUrl: 'https://www.cardlift.example',
  tagline: 'Card-linked offers that bring customers back',
  /** The separate application behind "Sign In"; the link goes to `${signInHost}/login`. */
  signInHost: 'https://app.cardlift.example',
  sisterSite: { label: 'Cardlift Data', href: 'https://data.cardlift.example' },
  social: { label: 'Cardlift on LinkedIn', href: 'https://www.linkedin.com/company/cardlift-example' },
  invest: {
    productName: 'Signalwise',
    earlyAccessFormUrl: 'https://forms.cardlift.example/signalwise-early-access',
    /** Embedded only after the visitor presses play, so the page makes no third-party request before. */
    demoVideoEmbedUrl: 'https://www.youtube-nocookie.com/embed/signalwise-demo',
  },
  careersEmail: 'careers@cardlift.example',
  salesEmail: 'sales@cardlift.example',
  /** Where journalists reach the communications team (the Press page's Media inquiries). */
  pressEmail: 'press@cardlift.example',
  /** Copyright year printed in the mobile menu (spec section 2); the footer prints the current year. */
  mobileMenuCopyrightYear: 2025,
  /** The logo structured data names: raster (search engines refuse SVG there), square, on white. */
  logo: { path: '/logo.png', width: 512, height: 512 },
} as const;

export const signInUrl = `${siteConfig.signInHost}/login`;

/** Links starting with `/` stay inside the site; anything else opens in a new tab (spec section 2). */
export function isInternalLink(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
