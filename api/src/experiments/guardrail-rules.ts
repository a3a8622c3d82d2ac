/**
 * The experiment guard's judgement, a pure function of the reading: which variants fail a
 * guardrail (switched off, as the canary guard rolls a side back), and whether the plan is done.
 * A rate guardrail fails only when the variant is worse than the control by more than the limit AND
 * the difference is real (Newcombe's 95 % interval above zero), so noise alone switches nothing off.
 */
import { newcombeDifference } from './stats/proportions';
import type { ArmFigures, ExperimentResults } from './experiment-results';
import type { Experiment } from './experiment-store';

/** Views each arm needs before a guardrail is judged. */
export const MIN_GUARDRAIL_VIEWS = 100;
const DAY_MS = 86_400_000;

export interface GuardrailFailure {
  arm: string;
  reason: string;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function rateFailure(
  name: string,
  count: 'erroredViews' | 'failedLoads',
  limit: number | undefined,
  control: ArmFigures,
  variant: ArmFigures,
) {
  if (limit === undefined) return undefined;
  const c = { units: control.views, conversions: control[count] };
  const v = { units: variant.views, conversions: variant[count] };
  const difference = newcombeDifference(c, v);
  const gap = v.conversions / v.units - c.conversions / c.units;
  if (gap > limit && difference.low > 0)
    return `${name} ${pct(v.conversions / v.units)} against the control's ${pct(c.conversions / c.units)} (limit +${pct(limit)})`;
  return undefined;
}

function timingFailure(name: string, limit: number | undefined, control: number | null, variant: number | null) {
  if (limit === undefined || control === null || variant === null) return undefined;
  if (variant - control > limit) return `p75 ${name} ${variant} ms against the control's ${control} ms (limit +${limit} ms)`;
  return undefined;
}

export function guardrailFailures(experiment: Experiment, results: ExperimentResults): GuardrailFailure[] {
  const { guardrails } = experiment.plan;
  const [control, ...variants] = results.arms;
  if (!control || control.views < MIN_GUARDRAIL_VIEWS) return [];
  return variants
    .filter((variant) => !variant.off && variant.views >= MIN_GUARDRAIL_VIEWS)
    .flatMap((variant) => {
      const reasons = [
        rateFailure('error views', 'erroredViews', guardrails.errorViews, control, variant),
        rateFailure('failed loads', 'failedLoads', guardrails.failedLoads, control, variant),
        timingFailure('LCP', guardrails.lcpP75Ms, control.p75LcpMs, variant.p75LcpMs),
        timingFailure('INP', guardrails.inpP75Ms, control.p75InpMs, variant.p75InpMs),
      ].filter((reason): reason is string => reason !== undefined);
      return reasons.length ? [{ arm: variant.arm, reason: `guardrail failed: ${reasons.join('; ')}` }] : [];
    });
}

/** Why the experiment is done (its planned length or sample reached), or null while it is not. */
export function planEnd(experiment: Experiment, results: ExperimentResults, now: number): string | null {
  const { plannedDays, plannedVisitors } = experiment.plan;
  if (experiment.startedAt !== null && now >= experiment.startedAt + plannedDays * DAY_MS)
    return `planned length of ${plannedDays} day${plannedDays === 1 ? '' : 's'} reached`;
  const on = results.arms.filter((arm) => !arm.off);
  if (on.length > 1 && on.every((arm) => arm.visitors >= plannedVisitors))
    return `planned sample of ${plannedVisitors} visitors per arm reached`;
  return null;
}
