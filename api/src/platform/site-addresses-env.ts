/**
 * The site's external addresses for this environment, read from the api's environment at start. Each
 * variable is optional (the defaults serve this checkout); a value that is not what it must be stops
 * the start with a message naming the variable, rather than publishing broken links to every page.
 */
import { DEFAULT_SITE_ADDRESSES, type SiteAddresses } from '@cardlift/contracts';

/** The environment variable behind each address. */
export const SITE_ADDRESS_VARIABLES: Record<keyof SiteAddresses, string> = {
  siteUrl: 'SITE_URL',
  signInHost: 'SIGN_IN_HOST',
  sisterSiteUrl: 'SISTER_SITE_URL',
  linkedInUrl: 'LINKEDIN_URL',
  earlyAccessFormUrl: 'EARLY_ACCESS_FORM_URL',
  demoVideoId: 'DEMO_VIDEO_ID',
  careersEmail: 'CAREERS_EMAIL',
  salesEmail: 'SALES_EMAIL',
  pressEmail: 'PRESS_EMAIL',
};

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;
const VIDEO_ID = /^[\w-]{1,64}$/;

function httpUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  if (url.username || url.password) throw new Error(`${name} must not carry credentials`);
  return url;
}

/** An origin alone: scheme, host and port, nothing after (a trailing slash is allowed and dropped). */
function origin(name: string, raw: string): string {
  const url = httpUrl(name, raw);
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`${name} must be an origin such as https://www.example.org, without a path, query or fragment; got "${raw}"`);
  }
  return url.origin;
}

function read(name: keyof SiteAddresses, raw: string): string {
  const variable = SITE_ADDRESS_VARIABLES[name];
  switch (name) {
    case 'siteUrl':
    case 'signInHost':
      return origin(variable, raw);
    case 'demoVideoId':
      if (!VIDEO_ID.test(raw)) throw new Error(`${variable} must be a video id (letters, digits, - and _), got "${raw}"`);
      return raw;
    case 'careersEmail':
    case 'salesEmail':
    case 'pressEmail':
      if (!EMAIL.test(raw)) throw new Error(`${variable} must be an e-mail address, got "${raw}"`);
      return raw;
    default:
      return httpUrl(variable, raw).href;
  }
}

export function siteAddressesFromEnv(env: NodeJS.ProcessEnv): SiteAddresses {
  const addresses: SiteAddresses = { ...DEFAULT_SITE_ADDRESSES };
  for (const name of Object.keys(SITE_ADDRESS_VARIABLES) as (keyof SiteAddresses)[]) {
    const raw = env[SITE_ADDRESS_VARIABLES[name]]?.trim();
    if (raw) addresses[name] = read(name, raw);
  }
  return addresses;
}

/**
 * What start warns of: production serving the placeholder site address, which the sitemap, robots.txt
 * and every canonical link would then name (a search engine indexes the wrong host).
 */
export function siteAddressWarnings(config: { production: boolean; siteAddresses: SiteAddresses }): string[] {
  if (!config.production || config.siteAddresses.siteUrl !== DEFAULT_SITE_ADDRESSES.siteUrl) return [];
  return [
    `NODE_ENV=production without SITE_URL: the sitemap, robots.txt and canonical links name the placeholder ${DEFAULT_SITE_ADDRESSES.siteUrl}; set SITE_URL to the site's address`,
  ];
}
