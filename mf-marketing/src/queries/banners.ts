import { queryOptions } from '@tanstack/react-query';
import type { Banners } from '@cardlift/api/contracts';

/**
 * GET /api/banners with the banner rules of spec section 7: fresh 5 minutes, kept 30 minutes,
 * 3 retries 1 second apart, no refetch on focus or reconnect. Same key as the shell's announcement
 * bar, so both read one cache entry.
 * TODO(shell): switch to the shell's banner query options once @cardlift/shell/ui exports them.
 */
export const BANNER_STALE_TIME_MS = 5 * 60_000;
export const BANNER_GC_TIME_MS = 30 * 60_000;

export const bannersQuery = () =>
  queryOptions<Banners>({
    queryKey: ['/api/banners'],
    staleTime: BANNER_STALE_TIME_MS,
    gcTime: BANNER_GC_TIME_MS,
    retry: 3,
    retryDelay: 1000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The home hero's Learn More link is hidden when the home banner points at the 'default' post. */
export function showLearnMore(banners: Banners | undefined): boolean {
  return banners?.secondary?.blogPostId !== 'default';
}
