/**
 * Pieces of the pages' JSON-LD that several sections share. Search engines read images in structured
 * data only as raster files (PNG, JPEG, WebP, GIF): an SVG logo or hero is ignored, and the rich
 * result loses its image. So every image named here is a raster file the site serves.
 */
import { absoluteUrl } from './page-meta';
import { shareCardPath, SITE_CARD } from './share-image';
import { siteConfig } from './site-config';

const RASTER_IMAGE = /\.(?:png|jpe?g|webp|gif)$/i;

/**
 * Absolute URL of an image for structured data: the page's own image when it is a raster file,
 * otherwise the site's share card (case-study and blog heroes are SVG drawings for now).
 */
export function structuredDataImage(path?: string): string {
  return absoluteUrl(path && RASTER_IMAGE.test(path) ? path : shareCardPath(SITE_CARD));
}

/** The brand as an Organization with its raster logo: publisher, author or hiring organization. */
export function brandOrganization(): Record<string, unknown> {
  return {
    '@type': 'Organization',
    name: siteConfig.brandName,
    url: siteConfig.siteUrl,
    logo: { '@type': 'ImageObject', url: absoluteUrl(siteConfig.logo.path), width: siteConfig.logo.width, height: siteConfig.logo.height },
  };
}

/** Organization JSON-LD, used on the home page. */
export function organizationJsonLd(): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    ...brandOrganization(),
    legalName: siteConfig.legalName,
    sameAs: [siteConfig.social.href],
  };
}
