/**
 * Fixed log-scale buckets shared by every instance and every minute, so histograms add up by
 * summing counts. Bucket b > 0 holds values in [GROWTH^(b-1), GROWTH^b); bucket 0 holds values under
 * 1. With GROWTH 1.1 a percentile read back is within 10 % of the true value, over 1 ms to 10 min in
 * about 140 buckets. CLS (unitless, mostly under 1) is stored in thousandths to use the same scale.
 */
import type { RumTiming } from '@cardlift/contracts';

export const GROWTH = 1.1;
const LOG_GROWTH = Math.log(GROWTH);

/** What a timing's values are multiplied by before bucketing. */
export const TIMING_SCALE: Record<RumTiming, number> = { lcp: 1, inp: 1, cls: 1000, fcp: 1, ttfb: 1, tti: 1 };

export function bucketOf(value: number): number {
  if (!(value >= 1)) return 0;
  return 1 + Math.floor(Math.log(value) / LOG_GROWTH);
}

/** The value a bucket stands for when a percentile falls in it: its geometric middle (0 for bucket 0). */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 0;
  return Math.pow(GROWTH, bucket - 0.5);
}

/** Bucket edges [low, high) of `bucket`. */
export function bucketBounds(bucket: number): [number, number] {
  return bucket <= 0 ? [0, 1] : [Math.pow(GROWTH, bucket - 1), Math.pow(GROWTH, bucket)];
}

/**
 * The q-quantile (0..1) of a histogram given as bucket -> count, or null when it is empty. The value
 * is that of the bucket holding the ceil(q * n)-th smallest sample.
 */
export function quantile(counts: ReadonlyMap<number, number>, q: number): number | null {
  let total = 0;
  for (const n of counts.values()) total += n;
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const bucket of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(bucket) ?? 0;
    if (seen >= rank) return bucketValue(bucket);
  }
  return null;
}
