/**
 * The sample-ratio-mismatch check: are the visitors counted in each arm what the planned split would
 * give? A chi-square goodness-of-fit test; below p = 0.001 the assignment or the counting is broken
 * (bots on one arm, a cache serving one variant to everyone, lost views), so no reading of the
 * results can be trusted and the results say so instead of giving one.
 */
import type { ExperimentSampleRatio } from '@cardlift/contracts';
import { chiSquareUpperTail } from './distributions';

/** Below this p-value the split is taken as broken (the threshold the experimentation literature uses). */
export const SRM_THRESHOLD = 0.001;

export type SampleRatioCheck = ExperimentSampleRatio;

/** `observed[i]` units counted in arm i, planned `weights[i]` (any positive scale, e.g. percentages). */
export function sampleRatioCheck(observed: readonly number[], weights: readonly number[]): SampleRatioCheck {
  if (observed.length !== weights.length || observed.length < 2)
    throw new RangeError('one observed count and one weight per arm, at least two arms');
  if (weights.some((w) => !(w > 0))) throw new RangeError('weights must be positive');
  const total = observed.reduce((a, b) => a + b, 0);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return { chiSquare: 0, p: 1, mismatch: false, reason: 'No visitors counted yet.' };
  let chiSquare = 0;
  observed.forEach((count, i) => {
    const expected = (total * (weights[i] ?? 0)) / weightSum;
    chiSquare += (count - expected) ** 2 / expected;
  });
  const p = chiSquareUpperTail(chiSquare, observed.length - 1);
  const mismatch = p < SRM_THRESHOLD;
  const shares = observed.map((count) => `${((100 * count) / total).toFixed(1)} %`).join(' / ');
  const planned = weights.map((w) => `${((100 * w) / weightSum).toFixed(1)} %`).join(' / ');
  return {
    chiSquare,
    p,
    mismatch,
    reason: mismatch
      ? `Sample ratio mismatch: visitors split ${shares} against a planned ${planned} (chi-square p = ${p.toExponential(1)} < ${SRM_THRESHOLD}). Assignment or counting is broken; these results cannot be read until the cause is found.`
      : `Visitors split ${shares} against a planned ${planned}, as expected (p = ${p.toFixed(3)}).`,
  };
}
