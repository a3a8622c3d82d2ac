import { matchPattern, type ContentLookup } from '../contracts';
import type { ContentStore } from '../services/content-store';
import { REMOTE_META } from './page-resolver';

/** Every indexable path: static pages of each remote in the sitemap, plus one per content item. */
export function sitemapPaths(content: ContentStore): string[] {
  const paths = new Set<string>();
  for (const meta of Object.values(REMOTE_META)) {
    if (meta.sitemap === false) continue;
    for (const page of meta.pages) if (!page.noindex) paths.add(page.path);
  }
  const candidates = [
    ...content.caseStudies.map((c) => `/case-studies/${c.id}`),
    ...content.blogPosts.map((p) => `/blog/${p.id}`),
    ...content.jobs.map((j) => `/company/careers/${j.slug}`),
  ];
  for (const path of candidates) if (isKnownDynamic(path, content)) paths.add(path);
  return [...paths].sort();
}

function isKnownDynamic(path: string, content: ContentLookup): boolean {
  return Object.values(REMOTE_META).some((meta) =>
    meta.dynamic.some((page) => {
      const params = matchPattern(page.pattern, path);
      if (params === null) return false;
      // A page that asks not to be indexed (a closed job posting) is no sitemap entry either.
      const resolved = page.resolve(params, content);
      return resolved !== null && !resolved.noindex;
    }),
  );
}
