import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, type CaseStudy } from '@cardlift/contracts';

/**
 * GET /api/casestudies with the site's default query rules: the shared QueryClient's default
 * queryFn fetches the key's path (no retries, never stale, no refetch on focus).
 */
export const caseStudiesQuery = () => queryOptions<CaseStudy[]>({ queryKey: [API_PATHS.caseStudies] });
