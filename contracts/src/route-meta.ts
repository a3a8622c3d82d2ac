/**
 * How a remote describes its pages to the api: static pages by exact path, content pages by pattern
 * with a resolver that looks the item up (an unknown item is a 404 for crawlers too).
 */
import type { BlogPost, CaseStudy, JobPosting } from './schemas/content';
import type { PageMeta } from './page-meta';

export interface ContentLookup {
  caseStudy(id: string): CaseStudy | undefined;
  blogPost(id: string): BlogPost | undefined;
  /** A job, open or closed as of this request. */
  job(slug: string): JobPosting | undefined;
}

export interface DynamicPage {
  /** Route pattern with `:param` segments, e.g. `/case-studies/:caseStudyId`. */
  pattern: string;
  resolve(params: Record<string, string>, content: ContentLookup): PageMeta | null;
}

export interface RemoteMeta {
  /** Pages at fixed paths (each PageMeta.path is the exact path). */
  pages: readonly PageMeta[];
  dynamic: readonly DynamicPage[];
  /** Whether the pages belong in sitemap.xml (false for /invest). */
  sitemap?: boolean;
}

/** Matches `/a/:x/b` against a path; returns the params or null. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return null;
  }
  return params;
}

/** Resolves a path to its metadata within one remote, or null when the remote has no such page. */
export function resolvePageMeta(meta: RemoteMeta, pathname: string, content: ContentLookup): PageMeta | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const fixed = meta.pages.find((p) => p.path === path);
  if (fixed) return fixed;
  for (const page of meta.dynamic) {
    const params = matchPattern(page.pattern, path);
    if (params) return page.resolve(params, content);
  }
  return null;
}
