/**
 * The query factories of the endpoints more than one section reads, one per endpoint and named after
 * it (`<resource>Query`); a section's own endpoints have theirs in its `src/queries/`.
 *
 * GET /api/banners. Its own cache rules, unlike the site default: fresh 5 minutes,
 * kept 30 minutes, no refetch on focus or reconnect, 3 retries 1 second apart. The announcement bar
 * reads `primary`; the home hero reads `secondary` through the same options, so one request serves both.
 */
import { queryOptions } from '@tanstack/react-query';
import { API_PATHS, type Banners, type CaseStudySummary } from '@cardlift/contracts';
import { defaultQueryFn } from './query-client';

export const BANNERS_PATH = API_PATHS.banners;

export const bannersQuery = () =>
  queryOptions({
    queryKey: [BANNERS_PATH],
    // The default GET rule; typed by the contract the api validates its banner file with.
    queryFn: (context) => defaultQueryFn<Banners>(context),
    staleTime: 5 * 60 * 1000,
    gcTime: 30 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: 3,
    retryDelay: 1000,
  });

/**
 * GET /api/casestudies (the home page, the list, More Case Studies) with the site's default rules.
 * Typed by the cards' fields: a page's HTML inlines only those (the api answers whole case studies).
 */
export const caseStudiesQuery = () =>
  queryOptions({
    queryKey: [API_PATHS.caseStudies],
    queryFn: (context) => defaultQueryFn<CaseStudySummary[]>(context),
  });
