import { bucketBounds, bucketOf, quantile, TIMING_SCALE } from './histogram';

function histogramOf(values: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(bucketOf(v), (counts.get(bucketOf(v)) ?? 0) + 1);
  return counts;
}

function exactQuantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] as number;
}

/** A deterministic log-normal sample (LCP-like: median ~2 s), from a fixed linear congruential generator. */
function logNormal(n: number, median: number, sigma: number): number[] {
  let seed = 42;
  const uniform = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) + 1) / (2 ** 31 + 1);
  return Array.from({ length: n }, () => {
    const z = Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
    return median * Math.exp(sigma * z);
  });
}

describe('log-scale histogram', () => {
  it.each([
    ['uniform 1-10,000 ms', Array.from({ length: 10_000 }, (_, i) => i + 1)],
    ['log-normal around 2 s', logNormal(5000, 2000, 0.6)],
    ['a few slow visits among fast ones', [...Array(90).fill(120), ...Array(10).fill(9000)]],
  ])('reads p75 of %s within one bucket of the exact value', (_name, values) => {
    const exact = exactQuantile(values, 0.75);
    const read = quantile(histogramOf(values), 0.75) as number;
    expect(Math.abs(bucketOf(read) - bucketOf(exact))).toBeLessThanOrEqual(1);
    const [low, high] = bucketBounds(bucketOf(exact));
    expect(read).toBeGreaterThanOrEqual(low / 1.1);
    expect(read).toBeLessThanOrEqual(high * 1.1);
  });

  it('puts a value in the bucket whose edges hold it, and values under 1 in bucket 0', () => {
    for (const v of [1, 1.5, 99, 2500, 599_999]) {
      const [low, high] = bucketBounds(bucketOf(v));
      expect(v).toBeGreaterThanOrEqual(low);
      expect(v).toBeLessThan(high);
    }
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.4)).toBe(0);
    expect(bucketOf(Number.NaN)).toBe(0);
  });

  it('keeps CLS in thousandths so 0.1 and 0.25 fall in different buckets', () => {
    expect(bucketOf(0.1 * TIMING_SCALE.cls)).not.toBe(bucketOf(0.25 * TIMING_SCALE.cls));
  });

  it('answers null for an empty histogram', () => {
    expect(quantile(new Map(), 0.75)).toBeNull();
  });
});
