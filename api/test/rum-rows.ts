import type { RumRow } from '../src/rum/rum-store';

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
