/**
 * The one rule for every link a person writes into content (the banners' links, and any link field
 * added later): a path on this site (`/blog/offers-api`, never `//host`, which browsers read as
 * another site) or an `https://` address, and `mailto:` only where the field is for e-mail. Anything
 * else is refused with a message saying what to write instead: `javascript:`, `data:`, `vbscript:`,
 * plain `http:`, a bare `www.example.com`, whitespace or control characters anywhere (browsers strip
 * them, so `java\tscript:` would run), backslashes (read as slashes), credentials in the address
 * (`https://cardlift.example@evil.example`) and schemes in upper or mixed case.
 * Zod-free, so a page could check a link without downloading zod; the schemas wrap it.
 */

export type LinkKind = 'web' | 'email';

export const LINK_HINT = 'A path on this site starting with / (like /blog/offers-api) or a full address starting with https://';
export const EMAIL_LINK_HINT = `${LINK_HINT}, or mailto: followed by an e-mail address`;

const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/;
const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
// Any whitespace, control, zero-width or bidi character: invisible in the editor, and stripped or
// reordered by browsers, which is how `java\tscript:` and look-alike addresses get through.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

/** Why `value` is refused as a link, in the editor's words; undefined when it is a link the site may publish. */
export function linkProblem(value: string, kind: LinkKind = 'web'): string | undefined {
  if (value === '') return 'must not be empty';
  if (INVISIBLE.test(value)) return 'must not contain spaces, tabs, line breaks or invisible characters';
  if (value.includes('\\')) return 'must not contain a backslash (\\); use /';
  if (value.startsWith('//')) return 'must not start with //, which leaves the site: write a path such as /blog/offers-api';
  if (value.startsWith('/')) return SITE_PATH.test(value) ? undefined : 'has characters a site path cannot have';
  if (value.startsWith('https://')) return httpsProblem(value);
  if (kind === 'email' && value.startsWith('mailto:')) {
    return EMAIL.test(value.slice('mailto:'.length)) ? undefined : 'must be mailto: followed by one e-mail address';
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1];
  if (scheme && scheme.toLowerCase() === 'https') return 'must start with https:// in lower case';
  if (scheme && scheme.toLowerCase() === 'http') return 'must use https://, not http://';
  if (scheme && scheme.toLowerCase() === 'mailto') return 'cannot be an e-mail link here: use a page path or an https:// address';
  if (scheme && !/^www\./i.test(value)) return `cannot be a "${scheme}:" link: use a page path or an https:// address`;
  return `must be a path starting with / or a full address starting with https:// (for example https://${value.replace(/^\/+/, '')})`;
}

function httpsProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a valid address';
  }
  const authority = value.slice('https://'.length).split(/[/?#]/)[0] ?? '';
  if (authority.includes('@') || url.username || url.password) return 'must not contain a user name or password (the part before @)';
  if (!HOST.test(url.hostname)) return 'must name a host such as www.example.com after https://';
  return undefined;
}

export function isSafeLink(value: string, kind: LinkKind = 'web'): boolean {
  return linkProblem(value, kind) === undefined;
}
