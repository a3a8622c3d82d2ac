/**
 * Which social image a page gets: the one rule for the head tags (server and client) and for the api
 * route that draws the images. Case studies, blog posts, jobs, products and solutions each get a card
 * made from the page's title and section; every other page gets the site card. Images are PNGs of
 * 1200x630 whose file name carries a hash of what is drawn, so they are cached for good.
 */
import { isSlug } from './content-rules';
import type { PageMeta } from './page-meta';
import { siteConfig } from './site-config';

export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const SHARE_IMAGE_TYPE = 'image/png';
/** Change when the drawing of the cards changes, so every image gets a new name (and cache entry). */
export const SHARE_CARD_VERSION = 2;

const SECTIONS = [
  { kind: 'case-study', prefix: '/case-studies/', section: 'Case study' },
  { kind: 'post', prefix: '/blog/', section: 'Blog' },
  { kind: 'job', prefix: '/company/careers/', section: 'Careers' },
  { kind: 'product', prefix: '/products/', section: 'Products' },
  { kind: 'solution', prefix: '/solutions/', section: 'Solutions' },
] as const;

export type ShareCardKind = (typeof SECTIONS)[number]['kind'] | 'site';

/** What a card shows. */
export interface ShareCard {
  kind: ShareCardKind;
  /** The page's slug (`default` for the site card). */
  slug: string;
  /** The large text. */
  title: string;
  /** The small text above it. */
  section: string;
}

export interface ShareImage {
  /** Site-relative path of the PNG. */
  path: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

export const SITE_CARD: ShareCard = { kind: 'site', slug: 'default', title: siteConfig.tagline, section: 'Reach 200+ million cardholders' };

/** The card of a page (its canonical path decides the section); the site card for any other page. */
export function shareCardFor(meta: PageMeta, visitedPath: string): ShareCard {
  const path = (meta.canonicalPath ?? visitedPath).replace(/\/+$/, '');
  const section = SECTIONS.find((s) => path.startsWith(s.prefix));
  const slug = section ? path.slice(section.prefix.length) : '';
  // A page with nothing to describe (not found, noindex) keeps the site card.
  if (!section || !isSlug(slug) || meta.noindex) return SITE_CARD;
  // "Data Scientist | Careers": the section is printed apart, so the title need not repeat it.
  const title = meta.title.replace(new RegExp(`\\s*\\|\\s*${section.section}$`), '');
  return { kind: section.kind, slug, title, section: section.section };
}

/** FNV-1a, twice with different offsets: 16 hex digits, the same in Node and the browser. */
export function contentHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x01000193 + 2) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

// The card prints the site's host too, so another SITE_URL is another file, never a cached one of the old host.
export const shareCardHash = (card: ShareCard) =>
  contentHash([SHARE_CARD_VERSION, card.kind, card.title, card.section, new URL(siteConfig.siteUrl).host].join('\n'));

/** `/og/<kind>/<slug>.<hash>.png` */
export const shareCardPath = (card: ShareCard) => `/og/${card.kind}/${card.slug}.${shareCardHash(card)}.png`;

export const SHARE_CARD_PATH_PATTERN = /^\/og\/([a-z-]+)\/([a-z0-9-]+)\.([0-9a-f]{16})\.png$/;

/** The parts of a card path, or null when `pathname` is not one. */
export function parseShareCardPath(pathname: string): { kind: ShareCardKind; slug: string; hash: string } | null {
  const match = SHARE_CARD_PATH_PATTERN.exec(pathname);
  if (!match) return null;
  const [, kind = '', slug = '', hash = ''] = match;
  if (kind !== 'site' && !SECTIONS.some((s) => s.kind === kind)) return null;
  return { kind: kind as ShareCardKind, slug, hash };
}

/** The page a card path belongs to (its canonical path), for the api to look its title up. */
export function pagePathOfCard(kind: ShareCardKind, slug: string): string | null {
  const section = SECTIONS.find((s) => s.kind === kind);
  return section ? `${section.prefix}${slug}` : null;
}

export function shareImageFor(meta: PageMeta, visitedPath: string): ShareImage {
  const card = shareCardFor(meta, visitedPath);
  const alt =
    card.kind === 'site'
      ? `${siteConfig.brandName}: ${card.title}`
      : `${siteConfig.brandName} ${card.section.toLowerCase()}: ${card.title}`;
  return { path: shareCardPath(card), ...SHARE_IMAGE_SIZE, type: SHARE_IMAGE_TYPE, alt };
}
