/**
 * Brand name and every external address of the site: the one place to change them.
 * Read by the shell (header, footer), the remotes (apply e-mail, early access) and the api (head tags, JSON-LD).
 *
 * The addresses differ per environment (staging, production), so they are not fixed in the builds: the api
 * reads them from its environment at start (config.ts), publishes them here, hands them to its render
 * workers and inlines them into every page, where the boot script publishes them before any section's
 * code runs. Every bundle reads the one published copy on `globalThis`, so a section built once serves
 * every environment. Until something is published (unit tests, a dev server) the defaults below apply.
 */
export interface SiteAddresses {
  /** Canonical origin of the public site, used in canonical URLs, sitemap and social tags. */
  siteUrl: string;
  /** The separate application behind "Sign In"; the link goes to `${signInHost}/login`. */
  signInHost: string;
  sisterSiteUrl: string;
  linkedInUrl: string;
  earlyAccessFormUrl: string;
  /** The investor demo's video id on youtube-nocookie.com. */
  demoVideoId: string;
  careersEmail: string;
  salesEmail: string;
  /** Where journalists reach the communications team (the Press page's Media inquiries). */
  pressEmail: string;
}

// Pure: a bundle that never reads the defaults (the inlined boot script) drops them.
export const DEFAULT_SITE_ADDRESSES: Readonly<SiteAddresses> = /* #__PURE__ */ Object.freeze({
  siteUrl: 'https://www.cardlift.example',
  signInHost: 'https://app.cardlift.example',
  sisterSiteUrl: 'https://data.cardlift.example',
  linkedInUrl: 'https://www.linkedin.com/company/cardlift-example',
  earlyAccessFormUrl: 'https://forms.cardlift.example/signalwise-early-access',
  demoVideoId: 'signalwise-demo',
  careersEmail: 'careers@cardlift.example',
  salesEmail: 'sales@cardlift.example',
  pressEmail: 'press@cardlift.example',
});

/** Embeds only after the visitor presses play, so the page makes no third-party request before. */
export const DEMO_VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

const PUBLISHED = '__cardliftSiteAddresses';
type WithAddresses = typeof globalThis & { [PUBLISHED]?: Readonly<SiteAddresses> };

/** The addresses in force: the published ones, else the defaults. */
export function siteAddresses(): Readonly<SiteAddresses> {
  return (globalThis as WithAddresses)[PUBLISHED] ?? DEFAULT_SITE_ADDRESSES;
}

/** Makes `addresses` the ones every bundle in this realm reads. Called before any section's code loads. */
export function publishSiteAddresses(addresses: SiteAddresses): void {
  (globalThis as WithAddresses)[PUBLISHED] = Object.freeze({ ...addresses });
}

export const siteConfig = {
  brandName: 'Cardlift',
  legalName: 'Cardlift, Inc.',
  get siteUrl(): string {
    return siteAddresses().siteUrl;
  },
  tagline: 'Card-linked offers that bring customers back',
  get signInHost(): string {
    return siteAddresses().signInHost;
  },
  sisterSite: {
    label: 'Cardlift Data',
    get href(): string {
      return siteAddresses().sisterSiteUrl;
    },
  },
  social: {
    label: 'Cardlift on LinkedIn',
    get href(): string {
      return siteAddresses().linkedInUrl;
    },
  },
  invest: {
    productName: 'Signalwise',
    get earlyAccessFormUrl(): string {
      return siteAddresses().earlyAccessFormUrl;
    },
    get demoVideoEmbedUrl(): string {
      return `${DEMO_VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(siteAddresses().demoVideoId)}`;
    },
  },
  get careersEmail(): string {
    return siteAddresses().careersEmail;
  },
  get salesEmail(): string {
    return siteAddresses().salesEmail;
  },
  get pressEmail(): string {
    return siteAddresses().pressEmail;
  },
  /** Copyright year printed in the mobile menu; the footer prints the current year. */
  mobileMenuCopyrightYear: 2025,
  /** The logo structured data names: raster (search engines refuse SVG there), square, on white. */
  logo: { path: '/logo.png', width: 512, height: 512 },
} as const;

export function signInUrl(): string {
  return `${siteConfig.signInHost}/login`;
}

/** Links starting with `/` stay inside the site; anything else opens in a new tab. */
export function isInternalLink(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
