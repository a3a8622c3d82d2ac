/**
 * An always-valid test of "the variant's rate differs from the control's": the mixture sequential
 * probability ratio test (mSPRT) of Johari, Koomen, Pekelis and Walsh, "Always Valid Inference:
 * Continuous Monitoring of A/B Tests" (Operations Research, 2022), in its two-proportion form with a
 * normal mixing prior N(0, tau^2) on the difference, as Optimizely's Stats Engine uses it.
 *
 * Why this and not a fixed-horizon test or a Bayesian chance to beat control: marketers look at the
 * results every day, and the guard reads them every few minutes. A fixed-horizon p-value read daily
 * finds a "winner" in an A/A test far more often than its alpha; a Bayesian chance to beat control
 * has no error guarantee at all under peeking, and depends on a prior a marketer cannot judge. The
 * mSPRT's p-value may be read at every look: the chance that it ever drops below alpha when the arms
 * are equal is at most alpha (checked by simulation in sequential.test.ts). The price is power: it
 * needs more visitors than a test read once.
 *
 * tau is the size of difference the test is most sensitive to; we set it to the absolute effect the
 * experiment was planned to detect (baseline rate x minimum detectable lift), as the paper advises
 * (match the mixing prior to plausible effects) and as fixed when the experiment starts, so it cannot
 * be tuned after seeing the data.
 */
import type { ArmCounts } from './proportions';
import { rate } from './proportions';

export interface SequentialResult {
  /** The mixture likelihood ratio Lambda_n. */
  likelihoodRatio: number;
  /** Always-valid p-value: min(1, 1 / Lambda), and never above an earlier look's (`previousP`). */
  p: number;
}

/**
 * The mSPRT at one look. The variance of the difference is estimated under the null (pooled rate),
 * so an arm with no conversion yet gives no evidence rather than an infinite one.
 */
export function sequentialTest(control: ArmCounts, variant: ArmCounts, tau: number, previousP = 1): SequentialResult {
  if (!(tau > 0)) throw new RangeError(`tau must be positive, got ${tau}`);
  if (control.units === 0 || variant.units === 0) return { likelihoodRatio: 1, p: Math.min(1, previousP) };
  const pooled = (control.conversions + variant.conversions) / (control.units + variant.units);
  const v = pooled * (1 - pooled) * (1 / control.units + 1 / variant.units);
  if (v === 0) return { likelihoodRatio: 1, p: Math.min(1, previousP) };
  const diff = rate(variant) - rate(control);
  const t2 = tau * tau;
  const logLambda = 0.5 * Math.log(v / (v + t2)) + (t2 * diff * diff) / (2 * v * (v + t2));
  const likelihoodRatio = Math.exp(logLambda);
  return { likelihoodRatio, p: Math.min(1, previousP, 1 / likelihoodRatio) };
}

/** The mixing prior's scale for an experiment planned to detect `relativeLift` on `baselineRate`. */
export function mixingScale(baselineRate: number, relativeLift: number): number {
  const tau = baselineRate * relativeLift;
  if (!(tau > 0)) throw new RangeError('baseline rate and minimum detectable lift must be positive');
  return tau;
}
