/**
 * Links the site shows on every page must lead somewhere: the announcement bar's and the home pill's
 * links, when they name a content page (a post, a case study, a posting), must name one that is live
 * (or an old address of one, which answers 301 to it). A publish or unpublish that would break one is
 * refused, naming the place, so no action leaves every page linking to "not found".
 */
import { CONTENT_KINDS, contentPagePath, type ContentKind } from '@cardlift/contracts';
import { ContentError, type ContentItems } from './content-store';
import type { ContentRedirect } from './editorial-store';

/** The banner fields that carry a link, and where a person sees each. */
const PLACES = [
  { field: 'primary.link', place: 'the announcement bar (top of every page)', link: (b: ContentItems['banners']) => b.primary?.link },
  { field: 'secondary.link', place: 'the home page hero pill', link: (b: ContentItems['banners']) => b.secondary?.link },
] as const;

const PAGE_KINDS = CONTENT_KINDS.filter((kind): kind is Exclude<ContentKind, 'banners'> => kind !== 'banners');

/** The content item a site path names (`/blog/x` → blog x), or undefined for any other page. */
function contentTarget(link: string): { kind: ContentKind; id: string } | undefined {
  if (!link.startsWith('/')) return undefined;
  const pathname = link.replace(/[?#].*$/, '').replace(/\/+$/, '');
  for (const kind of PAGE_KINDS) {
    const prefix = contentPagePath(kind, '');
    if (pathname.startsWith(prefix) && !pathname.slice(prefix.length).includes('/') && pathname.length > prefix.length)
      return { kind, id: decodeURIComponent(pathname.slice(prefix.length)) };
  }
  return undefined;
}

const liveIds = (items: ContentItems, kind: ContentKind): string[] =>
  kind === 'blog'
    ? items.blogPosts.map((p) => p.id)
    : kind === 'casestudies'
      ? items.caseStudies.map((c) => c.id)
      : items.jobs.map((j) => j.slug);

/** Throws a ContentError naming the first banner link that would lead to no live page. */
export function checkBannerLinks(items: ContentItems, redirects: readonly ContentRedirect[]): void {
  for (const { field, place, link } of PLACES) {
    const href = link(items.banners);
    const target = href && contentTarget(href);
    if (!target) continue;
    // An old address of a renamed item answers 301 to its new one (renamed again: the newest), which must be live.
    let id = target.id;
    for (let hop = 0; hop < 3; hop += 1) id = redirects.find((r) => r.kind === target.kind && r.from === id)?.to ?? id;
    if (liveIds(items, target.kind).includes(id)) continue;
    throw new ContentError(
      `banners: field "${field}": ${place} links to ${href}, which would not be published: every page showing it would link to a page that is not found. ` +
        'Point that link elsewhere first (Banners)',
    );
  }
}
