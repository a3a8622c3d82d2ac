/**
 * The canary guard's judgement, a pure function of the figures: both sides' counts over the same
 * window (since the canary's share last changed), the canary's share and the settings in; a decision
 * and the rule that made it out. No clock, database or log here: canary-guard.ts feeds and acts.
 */

/** One side's figures (the canary, or the current version) over the window, on the pages both sides were seen on. */
export interface SideFigures {
  views: number;
  /** Uncaught errors and rejections thrown by this version's files. */
  errors: number;
  /** Times this version's code could not be loaded. */
  remoteFailures: number;
  /** Contact form submissions the api stored, counted on this version's pages. */
  storedLeads: number;
  /** 75th percentiles in milliseconds, null without a sample. */
  p75Inp: number | null;
  p75Lcp: number | null;
}

export interface CanarySettings {
  /** Page views each side needs before anything is judged. */
  minViews: number;
  /** How long a share must stay healthy before the next step. */
  bakeMs: number;
  /** Shares to step through (the last is 100: the canary becomes current), or 'manual': a person promotes. */
  steps: readonly number[] | 'manual';
}

export type RollbackRule = 'errors' | 'inp' | 'lcp' | 'remote-failures' | 'lead-rate';
export type HoldRule = 'not-enough-views' | 'baking' | 'manual' | 'cannot-read';

export type CanaryDecision =
  | { action: 'rollback'; rule: RollbackRule; reason: string }
  | { action: 'step'; rule: 'healthy'; share: number; reason: string }
  | { action: 'complete'; rule: 'healthy'; reason: string }
  | { action: 'hold'; rule: HoldRule; reason: string };

export interface CanaryInput {
  canary: SideFigures;
  current: SideFigures;
  share: number;
  /** Time the share has been running, in milliseconds. */
  elapsedMs: number;
  settings: CanarySettings;
}

/** z below which "the canary's rate is lower" holds at 95 % confidence, one-sided. */
export const Z_95_ONE_SIDED = -1.6449;

const per100 = (count: number, views: number) => (count * 100) / views;
const fixed = (value: number) => Math.round(value * 100) / 100;

/**
 * The stored-lead rate is stored submissions per page view on each side (a canary that breaks the
 * form, or hides it, stores fewer leads per visit, which a rate per submission would not show). We
 * test H0: p_canary >= p_current against H1: p_canary < p_current with the pooled two-proportion
 * z statistic, z = (p_c - p_k) / sqrt(p (1 - p) (1 / n_c + 1 / n_k)), p = pooled rate, and fire when
 * z < -1.645 (one-sided, 95 %). With no stored lead on either side there is nothing to compare.
 */
export function leadRateZ(canary: SideFigures, current: SideFigures): number | null {
  const leadsOf = (side: SideFigures) => Math.min(side.storedLeads, side.views);
  const pooled = (leadsOf(canary) + leadsOf(current)) / (canary.views + current.views);
  if (pooled === 0 || pooled === 1) return null;
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / canary.views + 1 / current.views));
  return (leadsOf(canary) / canary.views - leadsOf(current) / current.views) / spread;
}

/** The first rule the canary breaks, or undefined. Both sides have views (checked by the caller). */
function brokenRule(canary: SideFigures, current: SideFigures): { rule: RollbackRule; reason: string } | undefined {
  const errorsC = per100(canary.errors, canary.views);
  const errorsK = per100(current.errors, current.views);
  if (errorsC > 2 * errorsK && errorsC > errorsK + 1)
    return { rule: 'errors', reason: `errors per 100 views ${fixed(errorsC)} against ${fixed(errorsK)} (over 2x and over +1)` };
  const { p75Inp: inpC, p75Lcp: lcpC } = canary;
  const { p75Inp: inpK, p75Lcp: lcpK } = current;
  if (inpC !== null && inpK !== null && inpC > inpK * 1.5 && inpC - inpK > 100)
    return { rule: 'inp', reason: `p75 INP ${inpC} ms against ${inpK} ms (over +50 % and over +100 ms)` };
  if (lcpC !== null && lcpK !== null && lcpC > lcpK * 1.25 && lcpC - lcpK > 500)
    return { rule: 'lcp', reason: `p75 LCP ${lcpC} ms against ${lcpK} ms (over +25 % and over +500 ms)` };
  if (canary.remoteFailures > canary.views * 0.01)
    return { rule: 'remote-failures', reason: `${canary.remoteFailures} failed loads of its code in ${canary.views} views (over 1 %)` };
  const z = leadRateZ(canary, current);
  if (z !== null && z < Z_95_ONE_SIDED)
    return {
      rule: 'lead-rate',
      reason: `stored leads per view ${canary.storedLeads}/${canary.views} against ${current.storedLeads}/${current.views} (z = ${fixed(z)} < -1.645)`,
    };
  return undefined;
}

/** The share after `share` along the steps: 100 completes. */
export function nextShare(share: number, steps: readonly number[]): number {
  return steps.find((step) => step > share) ?? 100;
}

export function decideCanary({ canary, current, share, elapsedMs, settings }: CanaryInput): CanaryDecision {
  if (canary.views < settings.minViews || current.views < settings.minViews)
    return {
      action: 'hold',
      rule: 'not-enough-views',
      reason: `waiting for ${settings.minViews} views on each side, on pages both are seen on (canary ${canary.views}, current ${current.views})`,
    };
  const broken = brokenRule(canary, current);
  if (broken) return { action: 'rollback', ...broken };
  if (settings.steps === 'manual') return { action: 'hold', rule: 'manual', reason: `healthy at ${share} %: waiting for a promote` };
  if (elapsedMs < settings.bakeMs)
    return {
      action: 'hold',
      rule: 'baking',
      reason: `healthy at ${share} % for ${Math.round(elapsedMs / 1000)} s of ${settings.bakeMs / 1000} s`,
    };
  const next = nextShare(share, settings.steps);
  if (next >= 100) return { action: 'complete', rule: 'healthy', reason: `healthy at ${share} %: the canary becomes current` };
  return { action: 'step', rule: 'healthy', share: next, reason: `healthy at ${share} %: stepping to ${next} %` };
}
