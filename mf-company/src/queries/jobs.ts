import { queryOptions } from '@cardlift/shell/ui';
/**
 * Jobs: GET /api/jobs and GET /api/jobs/{slug}. No queryFn here: the shared
 * QueryClient's default one fetches the path in the key and throws when the response is not ok.
 */
import { API_PATHS, isSlug, type JobPosting, type JobPostingSummary } from '@cardlift/contracts';

export const JOBS_PATH = API_PATHS.jobs;

/**
 * The open postings (the api leaves closed ones out), typed by the cards' fields: a page's HTML
 * inlines only those (the api answers whole postings).
 */
export function jobsQuery() {
  return queryOptions<JobPostingSummary[]>({ queryKey: [JOBS_PATH] });
}

/**
 * A slug the contract allows. Anything else (e.g. a decoded `a/../../banners` from the URL) never
 * reaches fetch, where the joined key would otherwise address another endpoint.
 */
export function isJobSlug(slug: string | undefined): slug is string {
  return isSlug(slug);
}

/** One job, open or closed; runs only when a (valid) slug exists. */
export function jobQuery(slug: string | undefined) {
  return queryOptions<JobPosting>({ queryKey: [JOBS_PATH, slug ?? ''], enabled: isJobSlug(slug) });
}
