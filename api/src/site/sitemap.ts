import { matchPattern, type ContentLookup, type RemoteMeta } from '@cardlift/contracts';
import type { ContentStore } from '../content/content-store';

/**
 * Every indexable path of the builds served: each section's static pages (unless the section keeps
 * out of the sitemap), plus one per content item that a section's dynamic page resolves.
 */
export function sitemapPaths(content: ContentStore, tables: readonly RemoteMeta[]): string[] {
  const listed = tables.filter((table) => table.sitemap !== false);
  const paths = new Set<string>();
  for (const table of listed) for (const page of table.pages) if (!page.noindex) paths.add(page.path);
  const candidates = [
    ...content.caseStudies.map((c) => `/case-studies/${c.id}`),
    ...content.blogPosts.map((p) => `/blog/${p.id}`),
    ...content.jobs.map((j) => `/company/careers/${j.slug}`),
  ];
  for (const path of candidates) if (isKnownDynamic(path, content, listed)) paths.add(path);
  return [...paths].sort();
}

function isKnownDynamic(path: string, content: ContentLookup, tables: readonly RemoteMeta[]): boolean {
  return tables.some((table) =>
    table.dynamic.some((page) => {
      const params = matchPattern(page.pattern, path);
      if (params === null) return false;
      // A page that asks not to be indexed (a closed job posting) is no sitemap entry either.
      const resolved = page.resolve(params, content);
      return resolved !== null && !resolved.noindex;
    }),
  );
}
