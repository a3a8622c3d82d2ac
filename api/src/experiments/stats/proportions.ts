/**
 * Rates with their intervals: Wilson's score interval for one arm, Newcombe's hybrid score interval
 * (his method 10) for the difference of two, and Katz's log interval for the ratio, read as the
 * relative lift. Chosen because they keep their coverage at the small counts and low rates (a few
 * leads per hundred visitors) an experiment starts with, where the textbook Wald interval does not.
 */
import type { ExperimentInterval } from '@cardlift/contracts';
import { normalQuantile } from './distributions';

export type Interval = ExperimentInterval;

export interface ArmCounts {
  /** Units counted (visitors, or views). */
  units: number;
  /** Of those, how many converted. */
  conversions: number;
}

const zFor = (confidence: number) => normalQuantile(1 - (1 - confidence) / 2);

function checkArm({ units, conversions }: ArmCounts): void {
  if (!Number.isInteger(units) || !Number.isInteger(conversions) || units < 0 || conversions < 0 || conversions > units)
    throw new RangeError(`counts must be whole numbers with 0 <= conversions <= units, got ${conversions}/${units}`);
}

/** The observed rate, 0 when nobody was counted. */
export const rate = ({ units, conversions }: ArmCounts): number => (units === 0 ? 0 : conversions / units);

/** Wilson's score interval for one rate; [0, 1] when nobody was counted. */
export function wilsonInterval(arm: ArmCounts, confidence = 0.95): Interval {
  checkArm(arm);
  const { units: n, conversions: x } = arm;
  if (n === 0) return { low: 0, high: 1 };
  const z = zFor(confidence);
  const z2 = z * z;
  const centre = (x + z2 / 2) / (n + z2);
  const half = (z / (n + z2)) * Math.sqrt((x * (n - x)) / n + z2 / 4);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Newcombe's interval for rate(variant) - rate(control), from each arm's Wilson interval. */
export function newcombeDifference(control: ArmCounts, variant: ArmCounts, confidence = 0.95): Interval {
  const pc = rate(control);
  const pv = rate(variant);
  const c = wilsonInterval(control, confidence);
  const v = wilsonInterval(variant, confidence);
  const d = pv - pc;
  return {
    low: d - Math.sqrt((pv - v.low) ** 2 + (c.high - pc) ** 2),
    high: d + Math.sqrt((v.high - pv) ** 2 + (pc - c.low) ** 2),
  };
}

export interface Lift {
  /** rate(variant) / rate(control) - 1; null while the control has no conversion. */
  relative: number | null;
  /** Katz's log interval for the ratio, minus 1; null while either arm has no conversion. */
  interval: Interval | null;
}

/** The variant's relative lift over the control. */
export function relativeLift(control: ArmCounts, variant: ArmCounts, confidence = 0.95): Lift {
  checkArm(control);
  checkArm(variant);
  const pc = rate(control);
  if (pc === 0) return { relative: null, interval: null };
  const ratio = rate(variant) / pc;
  if (variant.conversions === 0) return { relative: ratio - 1, interval: null };
  const se = Math.sqrt(1 / variant.conversions - 1 / variant.units + 1 / control.conversions - 1 / control.units);
  const z = zFor(confidence);
  return {
    relative: ratio - 1,
    interval: { low: ratio * Math.exp(-z * se) - 1, high: ratio * Math.exp(z * se) - 1 },
  };
}
