/**
 * An experiment's plan: the checked create request with its defaults filled in (an equal split, the
 * sample size for the minimum lift) and the arms named, control first.
 */
import type { ExperimentCreate } from '@cardlift/contracts';
import { sampleSizePerArm } from './stats/sample-size';
import { mixingScale } from './stats/sequential';

export const CONTROL_ARM = 'control';

export interface ExperimentPlan {
  variants: { name: string; revision: number }[];
  trafficShare: number;
  /** Weights, control first. */
  split: number[];
  metric: ExperimentCreate['metric'];
  guardrails: ExperimentCreate['guardrails'];
  baselineRate: number;
  minimumLift: number;
  plannedDays: number;
  /** Visitors per arm at which the experiment ends: given, or the sample size for the minimum lift. */
  plannedVisitors: number;
  /** The sequential test's mixing scale, fixed here so nobody tunes it after seeing data. */
  tau: number;
}

export class PlanRefused extends Error {}

export function planOf(request: ExperimentCreate): ExperimentPlan {
  const names = request.variants.map((v) => v.name);
  if (names.some((name) => name.toLowerCase() === CONTROL_ARM)) throw new PlanRefused(`A variant cannot be called "${CONTROL_ARM}"`);
  if (new Set(names).size !== names.length) throw new PlanRefused('Each variant needs its own name');
  let plannedVisitors: number;
  try {
    plannedVisitors = request.plannedVisitors ?? sampleSizePerArm({ baselineRate: request.baselineRate, minimumLift: request.minimumLift });
  } catch (error) {
    throw new PlanRefused((error as Error).message);
  }
  return {
    variants: request.variants,
    trafficShare: request.trafficShare,
    split: request.split ?? Array.from({ length: request.variants.length + 1 }, () => 1),
    metric: request.metric,
    guardrails: request.guardrails,
    baselineRate: request.baselineRate,
    minimumLift: request.minimumLift,
    plannedDays: request.plannedDays,
    plannedVisitors,
    tau: mixingScale(request.baselineRate, request.minimumLift),
  };
}

/** Arm names in the order of the split: the control, then each variant. */
export const armsOf = (plan: ExperimentPlan): string[] => [CONTROL_ARM, ...plan.variants.map((v) => v.name)];
