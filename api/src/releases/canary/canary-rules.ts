/**
 * The canary guard's judgement, a pure function of the figures: both sides' counts over the same
 * window (since the canary's share last changed), the canary's share and the settings in; a decision
 * and the rule that made it out. No clock, database or log here: canary-guard.ts feeds and acts.
 */

/**
 * One side's figures (the canary, or the current version) over the window, on the pages both sides
 * were seen on: counts of page views, never of what a report claims, each client held to its share.
 */
export interface SideFigures {
  views: number;
  /** Distinct clients (networks) the views came from. */
  clients: number;
  /** Views in which this version's files threw at least once. */
  errorViews: number;
  /** Views in which this version's code could not be loaded. */
  failureViews: number;
  /** Leads the lead store committed from this version's page views (at most one a view). */
  storedLeads: number;
  /** Contact posts from this version's page views the api answered with an error (shown, not judged). */
  failedSubmits: number;
  /** 75th percentiles in milliseconds, null without a sample. */
  p75Inp: number | null;
  p75Lcp: number | null;
}

export interface CanarySettings {
  /** Page views each side needs before anything is judged. */
  minViews: number;
  /** Distinct clients each side's views must come from before anything is judged. */
  minClients: number;
  /** How long a share must stay healthy before the next step. */
  bakeMs: number;
  /** Shares to step through (the last is 100: the canary becomes current), or 'manual': a person promotes. */
  steps: readonly number[] | 'manual';
  /** How long a share may be held for want of trustworthy evidence before a person is asked (CANARY_MAX_HOLD). */
  maxHoldMs: number;
}

export type RollbackRule = 'errors' | 'inp' | 'lcp' | 'remote-failures' | 'lead-rate' | 'render-failures';
export type HoldRule =
  'not-enough-views' | 'not-enough-clients' | 'baseline-shift' | 'one-client' | 'baking' | 'manual' | 'cannot-read' | 'overdue';

/** Holds that wait for better evidence, which may never come: past CANARY_MAX_HOLD they become 'overdue'. */
export const BOUNDED_HOLDS: readonly HoldRule[] = ['not-enough-views', 'not-enough-clients', 'baseline-shift', 'one-client'];

export type CanaryDecision =
  | { action: 'rollback'; rule: RollbackRule; reason: string }
  | { action: 'step'; rule: 'healthy'; share: number; reason: string }
  | { action: 'complete'; rule: 'healthy'; reason: string }
  | { action: 'hold'; rule: HoldRule; reason: string };

/** Both sides' figures over the same window. */
export interface Sides {
  canary: SideFigures;
  current: SideFigures;
}

/** One side's server renders over the window, on any page: counted by the api itself, on every instance. */
export interface RenderFigures {
  renders: number;
  /** Renders that threw, ran out of time or memory, or crashed their renderer. */
  failures: number;
}

/** Failed server renders the canary needs before they are judged (one unlucky render is no evidence). */
export const MIN_RENDER_FAILURES = 5;

export interface CanaryInput extends Sides {
  share: number;
  /** Time the share has been running, in milliseconds. */
  elapsedMs: number;
  settings: CanarySettings;
  /** The current version's figures on the same pages before the canary started, when there were any. */
  baseline?: SideFigures | undefined;
  /**
   * The same sides without the most extreme client or two of one side or the other (canary-figures.ts):
   * a decision that changes in any of them rests on one or two clients, and is held.
   */
  withoutTopClients?: readonly Sides[] | undefined;
  /** Both sides' server renders over the window, when counted. */
  renders?: { canary: RenderFigures; current: RenderFigures } | undefined;
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
function brokenRule(canary: SideFigures, current: SideFigures, leads = true): { rule: RollbackRule; reason: string } | undefined {
  const errorsC = per100(canary.errorViews, canary.views);
  const errorsK = per100(current.errorViews, current.views);
  if (errorsC > 2 * errorsK && errorsC > errorsK + 1)
    return { rule: 'errors', reason: `views with errors per 100 views ${fixed(errorsC)} against ${fixed(errorsK)} (over 2x and over +1)` };
  const { p75Inp: inpC, p75Lcp: lcpC } = canary;
  const { p75Inp: inpK, p75Lcp: lcpK } = current;
  if (inpC !== null && inpK !== null && inpC > inpK * 1.5 && inpC - inpK > 100)
    return { rule: 'inp', reason: `p75 INP ${inpC} ms against ${inpK} ms (over +50 % and over +100 ms)` };
  if (lcpC !== null && lcpK !== null && lcpC > lcpK * 1.25 && lcpC - lcpK > 500)
    return { rule: 'lcp', reason: `p75 LCP ${lcpC} ms against ${lcpK} ms (over +25 % and over +500 ms)` };
  if (canary.failureViews > canary.views * 0.01)
    return { rule: 'remote-failures', reason: `${canary.failureViews} views failed to load its code, of ${canary.views} (over 1 %)` };
  if (!leads) return undefined;
  const z = leadRateZ(canary, current);
  if (z !== null && z < Z_95_ONE_SIDED)
    return {
      rule: 'lead-rate',
      reason: `stored leads per view ${canary.storedLeads}/${canary.views} against ${current.storedLeads}/${current.views} (z = ${fixed(z)} < -1.645)`,
    };
  return undefined;
}

/**
 * Server renders are the api's own evidence (no client sends them, none can inflate them), so they are
 * judged as soon as the canary has failed MIN_RENDER_FAILURES of them, whatever the views: over 2x the
 * current version's failures per 100 renders and over +1. A page the current version never rendered
 * in the window (answered from the render cache) counts as no failure on its side.
 */
export function renderRule(renders: CanaryInput['renders']): { rule: RollbackRule; reason: string } | undefined {
  if (!renders || renders.canary.failures < MIN_RENDER_FAILURES) return undefined;
  const { canary, current } = renders;
  const failedC = per100(canary.failures, Math.max(canary.renders, canary.failures));
  const failedK = current.renders > 0 ? per100(current.failures, current.renders) : 0;
  if (failedC > 2 * failedK && failedC > failedK + 1)
    return {
      rule: 'render-failures',
      reason: `server renders failed ${canary.failures} of ${canary.renders} against ${current.failures} of ${current.renders} (per 100 renders ${fixed(failedC)} against ${fixed(failedK)}: over 2x and over +1)`,
    };
  return undefined;
}

/** The share after `share` along the steps: 100 completes. */
export function nextShare(share: number, steps: readonly number[]): number {
  return steps.find((step) => step > share) ?? 100;
}

/** A hold while either side has too few views, or views from too few clients, to judge. */
function tooFew({ canary, current }: Sides, settings: CanarySettings): CanaryDecision | undefined {
  if (canary.views < settings.minViews || current.views < settings.minViews)
    return {
      action: 'hold',
      rule: 'not-enough-views',
      reason: `waiting for ${settings.minViews} views on each side, on pages both are seen on (canary ${canary.views}, current ${current.views})`,
    };
  if (canary.clients < settings.minClients || current.clients < settings.minClients)
    return {
      action: 'hold',
      rule: 'not-enough-clients',
      reason: `waiting for views from ${settings.minClients} different clients on each side (canary ${canary.clients}, current ${current.clients})`,
    };
  return undefined;
}

/** Whether the current version looks worse than before the canary started (a moving, or poisoned, baseline). */
function shiftedFrom(current: SideFigures, baseline: SideFigures | undefined, settings: CanarySettings) {
  return baseline && baseline.views >= settings.minViews ? brokenRule(current, baseline, false) : undefined;
}

/**
 * The decision on the figures as they are, before asking whether it rests on one or two clients.
 * `full` false: a side without its top clients, judged on the rules only (the full figures met the
 * thresholds, and settled the baseline).
 */
function judge(input: CanaryInput, full = true): CanaryDecision {
  const { canary, current, share, elapsedMs, settings, baseline } = input;
  const few = full ? tooFew(input, settings) : undefined;
  if (few) return few;
  // A current version worse than it was before the canary started is a moving (or poisoned) baseline:
  // a canary compared with it could look healthy while broken.
  const shifted = full ? shiftedFrom(current, baseline, settings) : undefined;
  if (shifted)
    return {
      action: 'hold',
      rule: 'baseline-shift',
      reason: `the current version changed since the canary started (${shifted.reason}, now against before): not judging against it`,
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

/** The decision on the figures, then tested without the top clients of each side in turn. */
function robust(input: CanaryInput): CanaryDecision {
  let judged = input;
  // A baseline shift holds only when no one or two clients of the current side make it: otherwise
  // the canary is judged against the current version as it is (each client held to its share).
  if (shiftedFrom(input.current, input.baseline, input.settings))
    if ((input.withoutTopClients ?? []).some((sides) => !shiftedFrom(sides.current, input.baseline, input.settings)))
      judged = { ...input, baseline: undefined };
  const decision = judge(judged);
  if (decision.action === 'hold') return decision;
  for (const sides of input.withoutTopClients ?? []) {
    const again = judge({ ...judged, ...sides, withoutTopClients: undefined }, false);
    if (again.action !== decision.action)
      return {
        action: 'hold',
        rule: 'one-client',
        reason: `the evidence to ${decision.action} rests on one or two clients: without the most extreme of a side the guard would ${again.action} (${again.reason})`,
      };
  }
  return decision;
}

/**
 * The guard's decision. A rollback, step or completion must also be reached without the most extreme
 * client, and the two most extreme clients, of either side (each client is already held to a share of
 * its side): evidence that one or two clients can make or unmake is held, and never acted on. A hold
 * for want of such evidence lasts CANARY_MAX_HOLD at most: then it is 'overdue', reported once, and
 * the canary stays at its share until a person decides. Failing server renders roll back first, on the
 * api's own counts (renderRule).
 */
export function decideCanary(input: CanaryInput): CanaryDecision {
  const failing = renderRule(input.renders);
  if (failing) return { action: 'rollback', ...failing };
  const decision = robust(input);
  if (decision.action !== 'hold' || !BOUNDED_HOLDS.includes(decision.rule) || input.elapsedMs < input.settings.maxHoldMs) return decision;
  const minutes = Math.round(input.settings.maxHoldMs / 60_000);
  return {
    action: 'hold',
    rule: 'overdue',
    reason: `held at ${input.share} % for over ${minutes} min (${decision.rule}: ${decision.reason}): waiting for a person to promote or roll back`,
  };
}
