import { bucketOf } from '../src/rum/histogram';
import type { RumClientRow, RumClientTiming, RumRow, RumStore } from '../src/rum/rum-store';

/** One stored count of mf_invest's /invest page on a phone: what the aggregator writes, for store and timeline tests. */
export const rumRow = (minute: number, version: string, metric: string, bucket: number, count: number): RumRow => ({
  minute,
  section: 'mf_invest',
  version,
  route: '/invest',
  metric,
  device: 'phone',
  bucket,
  count,
});

export interface StoredViews {
  version: string;
  views: number;
  /** Views with errors, and with a failed load, among them. */
  errorViews?: number;
  failureViews?: number;
  /** Different clients the views came from, each with about the same number (25 by default, past the guard's 20). */
  clients?: number;
  /** Every view's LCP, when given. */
  lcpMs?: number;
  section?: string;
  route?: string;
  device?: string;
  minute?: number;
}

/**
 * Page views as the aggregator writes them: the section's counts (rum_counts) and each client's
 * (rum_clients, and their timings in rum_client_timings), the views and the views with errors or
 * failed loads dealt out among `clients`.
 */
export async function storeViews(store: RumStore, stored: StoredViews): Promise<void> {
  const {
    version,
    views,
    errorViews = 0,
    failureViews = 0,
    clients = 25,
    section = 'mf_invest',
    route = '/invest',
    device = 'desktop',
  } = stored;
  const minute = stored.minute ?? Math.floor(Date.now() / 60_000);
  const row = { minute, section, version, route, device, bucket: 0 };
  const counts: RumRow[] = [
    { ...row, metric: 'views', count: views },
    ...(errorViews ? [{ ...row, metric: 'error_views', count: errorViews }] : []),
    ...(failureViews ? [{ ...row, metric: 'failure_views', count: failureViews }] : []),
    ...(stored.lcpMs === undefined ? [] : [{ ...row, metric: 'lcp', bucket: bucketOf(stored.lcpMs), count: views }]),
  ];
  const share = (total: number, i: number) => Math.floor(total / clients) + (i < total % clients ? 1 : 0);
  const perClient: RumClientRow[] = Array.from({ length: clients }, (_, i) => ({
    minute,
    section,
    version,
    route,
    client: `client-${i}`,
    views: share(views, i),
    errorViews: share(errorViews, i),
    failureViews: share(failureViews, i),
    storedLeads: 0,
  }));
  const timings: RumClientTiming[] =
    stored.lcpMs === undefined
      ? []
      : perClient
          .filter((c) => c.views > 0)
          .map((c) => ({
            minute,
            section,
            version,
            route,
            client: c.client,
            metric: 'lcp',
            bucket: bucketOf(stored.lcpMs!),
            count: c.views,
          }));
  await store.add(counts, perClient, timings);
}
