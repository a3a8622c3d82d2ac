/**
 * The head tags of a page, computed once from its PageMeta. The api serialises them into the HTML
 * it sends; the shell applies the same list to document.head on client-side navigation.
 */
import { absoluteUrl, fullTitle, type PageMeta } from './page-meta';
import { shareImageFor } from './share-image';
import { siteConfig } from './site-config';

export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta'; key: 'name' | 'property'; id: string; content: string }
  | { kind: 'link'; rel: string; href: string }
  | { kind: 'jsonld'; json: Record<string, unknown> };

/** `visitedPath` is the path actually requested; the canonical URL uses meta.canonicalPath when given. */
export function headTagsFor(meta: PageMeta, visitedPath: string): HeadTag[] {
  const title = fullTitle(meta.title);
  const canonical = absoluteUrl(meta.canonicalPath ?? visitedPath);
  const image = shareImageFor(meta, visitedPath);
  const imageUrl = absoluteUrl(image.path);
  const type = meta.type ?? 'website';
  const tags: HeadTag[] = [
    { kind: 'title', text: title },
    { kind: 'meta', key: 'name', id: 'description', content: meta.description },
    { kind: 'link', rel: 'canonical', href: canonical },
    { kind: 'meta', key: 'property', id: 'og:site_name', content: siteConfig.brandName },
    { kind: 'meta', key: 'property', id: 'og:title', content: title },
    { kind: 'meta', key: 'property', id: 'og:description', content: meta.description },
    { kind: 'meta', key: 'property', id: 'og:url', content: canonical },
    { kind: 'meta', key: 'property', id: 'og:type', content: type },
    { kind: 'meta', key: 'property', id: 'og:image', content: imageUrl },
    { kind: 'meta', key: 'property', id: 'og:image:type', content: image.type },
    { kind: 'meta', key: 'property', id: 'og:image:width', content: String(image.width) },
    { kind: 'meta', key: 'property', id: 'og:image:height', content: String(image.height) },
    { kind: 'meta', key: 'property', id: 'og:image:alt', content: image.alt },
    { kind: 'meta', key: 'name', id: 'twitter:card', content: 'summary_large_image' },
    { kind: 'meta', key: 'name', id: 'twitter:title', content: title },
    { kind: 'meta', key: 'name', id: 'twitter:description', content: meta.description },
    { kind: 'meta', key: 'name', id: 'twitter:image', content: imageUrl },
    { kind: 'meta', key: 'name', id: 'twitter:image:alt', content: image.alt },
    { kind: 'meta', key: 'name', id: 'robots', content: meta.noindex ? 'noindex, nofollow' : 'index, follow' },
  ];
  for (const json of meta.jsonLd ?? []) tags.push({ kind: 'jsonld', json });
  return tags;
}
