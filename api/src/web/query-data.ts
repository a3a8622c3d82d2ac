/**
 * The data behind the api paths a page declares (PageMeta.queries), read from the content store the
 * endpoints answer from, so the HTML can carry it. A key with no data (unknown id) is left out and
 * the page asks the api itself, which answers as usual.
 */
import { API_PATHS, matchPattern, type InlineQueryData } from '../contracts';
import type { ContentStore } from '../services/content-store';

type Lookup = (params: Record<string, string>, content: ContentStore) => unknown;

/** Mirrors the GET routes of routes/content.router.ts. */
const SOURCES: [pattern: string, lookup: Lookup][] = [
  [API_PATHS.banners, (_, c) => c.banners],
  [API_PATHS.caseStudies, (_, c) => c.caseStudies],
  [`${API_PATHS.caseStudies}/:id`, ({ id = '' }, c) => c.caseStudy(id)],
  [API_PATHS.blog, (_, c) => c.blogPosts],
  [`${API_PATHS.blog}/:id`, ({ id = '' }, c) => c.blogPost(id)],
  [API_PATHS.jobs, (_, c) => c.jobs],
  [`${API_PATHS.jobs}/:slug`, ({ slug = '' }, c) => c.job(slug)],
];

export function dataForPath(path: string, content: ContentStore): unknown {
  for (const [pattern, lookup] of SOURCES) {
    const params = matchPattern(pattern, path);
    if (params) return lookup(params, content);
  }
  return undefined;
}

export function inlineQueryData(queryKeys: readonly string[][], content: ContentStore): InlineQueryData[] {
  const out: InlineQueryData[] = [];
  for (const queryKey of queryKeys) {
    const data = dataForPath(queryKey.join('/'), content);
    if (data !== undefined) out.push({ queryKey, data });
  }
  return out;
}
