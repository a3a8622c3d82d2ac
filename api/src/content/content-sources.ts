/**
 * The read endpoints' data, one table: the content router answers each path from it, and the page
 * HTML inlines the same results (PageMeta.queries), so the two can never disagree.
 */
import { API_PATHS, summarizeCaseStudy, summarizeJobPosting, type CaseStudy, type JobPosting } from '@cardlift/contracts';
import type { ContentStore } from './content-store';

export interface ContentSource {
  /** Route pattern with `:param` segments (the syntax of @koa/router and matchPattern). */
  pattern: string;
  lookup: (params: Record<string, string>, content: ContentStore) => object | undefined;
  /** For one-item routes: what the 404 message names. */
  item?: string;
  /** What a page's HTML carries of the answer when the site's query reads less than all of it. */
  inline?: (data: object) => object;
}

export const CONTENT_SOURCES: readonly ContentSource[] = [
  { pattern: API_PATHS.banners, lookup: (_, c) => c.banners },
  {
    pattern: API_PATHS.caseStudies,
    lookup: (_, c) => c.caseStudies,
    // The cards' fields only: the list query is typed CaseStudySummary[].
    inline: (all) => (all as CaseStudy[]).map(summarizeCaseStudy),
  },
  { pattern: `${API_PATHS.caseStudies}/:id`, lookup: ({ id = '' }, c) => c.caseStudy(id), item: 'Case study' },
  { pattern: API_PATHS.blog, lookup: (_, c) => c.blogPosts },
  { pattern: `${API_PATHS.blog}/:id`, lookup: ({ id = '' }, c) => c.blogPost(id), item: 'Blog post' },
  // Open postings only; one posting is answered open or closed (JobPosting.open).
  {
    pattern: API_PATHS.jobs,
    lookup: (_, c) => c.openJobs(),
    // The cards' fields only: the careers list query is typed JobPostingSummary[].
    inline: (open) => (open as JobPosting[]).map(summarizeJobPosting),
  },
  { pattern: `${API_PATHS.jobs}/:slug`, lookup: ({ slug = '' }, c) => c.job(slug), item: 'Job' },
];
