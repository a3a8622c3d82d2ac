/**
 * An experiment's reading, from what the server saw only: views served in each arm (from signed
 * view tokens) and leads the lead store committed from those views, once per visitor. Each client
 * (network) is held to a share of an arm's visitors, as the canary guard holds its evidence, so one
 * office or one script cannot decide a result. A sample ratio mismatch stops the reading.
 */
import type { ExperimentArmFigures, ExperimentReading, ExperimentVariantReading } from '@cardlift/contracts';
import { newcombeDifference, rate, relativeLift, wilsonInterval } from './stats/proportions';
import { sampleRatioCheck } from './stats/sample-ratio';
import { sequentialTest } from './stats/sequential';
import { armsOf } from './experiment-plan';
import type { ArmClientRow, Experiment } from './experiment-store';

/** Significance level of the sequential test. */
export const ALPHA = 0.05;

export type ArmFigures = ExperimentArmFigures;
export type ExperimentResults = ExperimentReading;

type Counts = Pick<ArmFigures, 'visitors' | 'views' | 'leads' | 'erroredViews' | 'failedLoads'>;

/** An arm's counts with each client held to `maxShare` of its visitors (its other counts scaled alike). */
export function heldArm(rows: readonly ArmClientRow[], maxShare: number): Counts {
  const total = rows.reduce((sum, row) => sum + row.visitors, 0);
  const ratio = maxShare / (1 - maxShare);
  const sum: Counts = { visitors: 0, views: 0, leads: 0, erroredViews: 0, failedLoads: 0 };
  for (const row of rows) {
    const kept = maxShare >= 1 ? row.visitors : Math.min(row.visitors, Math.max(1, Math.floor(ratio * (total - row.visitors))));
    const factor = row.visitors === 0 ? 0 : kept / row.visitors;
    sum.visitors += kept;
    sum.views += Math.round(row.views * factor);
    sum.leads += Math.min(kept, Math.round(row.conversions * factor));
    sum.erroredViews += Math.round(row.erroredViews * factor);
    sum.failedLoads += Math.round(row.failedLoads * factor);
  }
  return sum;
}

export interface ResultInputs {
  rows: readonly ArmClientRow[];
  p75: (arm: string, metric: 'lcp_ms' | 'inp_ms') => Promise<number | null>;
  maxClientShare: number;
}

export async function readResults(experiment: Experiment, { rows, p75, maxClientShare }: ResultInputs): Promise<ExperimentResults> {
  const arms: ArmFigures[] = [];
  for (const arm of armsOf(experiment.plan)) {
    const counts = heldArm(
      rows.filter((row) => row.arm === arm),
      maxClientShare,
    );
    const units = { units: counts.visitors, conversions: counts.leads };
    arms.push({
      arm,
      off: experiment.armsOff.includes(arm),
      ...counts,
      rate: rate(units),
      interval: wilsonInterval(units),
      perView: counts.views === 0 ? 0 : counts.leads / counts.views,
      p75LcpMs: await p75(arm, 'lcp_ms'),
      p75InpMs: await p75(arm, 'inp_ms'),
    });
  }
  const [control, ...variants] = arms as [ArmFigures, ...ArmFigures[]];
  const checked = arms.filter((a) => !a.off);
  const weights = experiment.plan.split.filter((_, i) => !arms[i]?.off);
  const sampleRatio = sampleRatioCheck(
    checked.map((a) => a.visitors),
    weights,
  );
  const asUnits = (a: ArmFigures) => ({ units: a.visitors, conversions: a.leads });
  const readings = variants.map((variant): ExperimentVariantReading => {
    const lift = relativeLift(asUnits(control), asUnits(variant));
    const { p } = sequentialTest(asUnits(control), asUnits(variant), experiment.plan.tau);
    const better = variant.rate > control.rate;
    return {
      arm: variant.arm,
      difference: newcombeDifference(asUnits(control), asUnits(variant)),
      lift: lift.relative,
      liftInterval: lift.interval,
      p,
      verdict: sampleRatio.mismatch ? 'unreadable' : p < ALPHA ? (better ? 'better' : 'worse') : 'no decision yet',
    };
  });
  return { arms, variants: readings, sampleRatio, readable: !sampleRatio.mismatch };
}
