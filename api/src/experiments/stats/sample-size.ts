/**
 * Visitors per arm needed to detect a minimum relative lift on a baseline rate, for a test read once
 * at the end (two-sided, pooled variance under the null): the formula R's power.prop.test solves, and
 * the one GrowthBook's and Optimizely's planners start from. The sequential test needs more than this
 * when read continuously; the planned length is a budget, not a promise of a decision.
 */
import { normalQuantile } from './distributions';

export interface SampleSizeInput {
  /** Control's expected conversion rate, 0 < baseline < 1. */
  baselineRate: number;
  /** Smallest relative change worth finding, e.g. 0.2 for +20 %. */
  minimumLift: number;
  alpha?: number;
  power?: number;
}

export function sampleSizePerArm({ baselineRate, minimumLift, alpha = 0.05, power = 0.8 }: SampleSizeInput): number {
  const p1 = baselineRate;
  const p2 = baselineRate * (1 + minimumLift);
  if (!(p1 > 0 && p1 < 1 && p2 > 0 && p2 < 1 && p1 !== p2))
    throw new RangeError('baseline and baseline x (1 + lift) must both lie strictly between 0 and 1 and differ');
  if (!(alpha > 0 && alpha < 1 && power > 0 && power < 1)) throw new RangeError('alpha and power must lie strictly between 0 and 1');
  const za = normalQuantile(1 - alpha / 2);
  const zb = normalQuantile(power);
  const pBar = (p1 + p2) / 2;
  const n = (za * Math.sqrt(2 * pBar * (1 - pBar)) + zb * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2 / (p2 - p1) ** 2;
  return Math.ceil(n);
}
