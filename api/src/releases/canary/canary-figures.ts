/**
 * Both sides' figures for the guard: the canary and the current version compared on the same pages
 * (the routes on which both had page views in the window, so a page one side was never seen on
 * weighs on neither).
 *
 * Every figure is per person (client-evidence.ts): counts of views, views with errors or failed
 * loads, the lead store's stored leads and refused posts, and the timing histograms, each client held
 * to `maxShare` of its side. Then, for each side, the same figures without its one and its two most
 * extreme clients: without the top clients of each count, and with the top clients' weight taken off
 * the slow end and then the fast end of the timings (the worst any two could have done either way).
 * A decision must hold in all of them (canary-rules.ts), so no client, and no two, moves a rule.
 */
import { VersionFigures } from '../../rum/release-health';
import { RUM_COUNTERS } from '../../rum/rum-aggregator';
import type { RumRouteTotal } from '../../rum/rum-store';
import type { RenderFigures, SideFigures, Sides } from './canary-rules';
import {
  clientsOf,
  COUNTS,
  heldCounts,
  heldHistogram,
  heldSums,
  p75,
  trimmed,
  type ClientEvidence,
  type CountName,
  type SectionEvidence,
} from './client-evidence';

/** How many of a side's most extreme clients the figures are worked out without: one, then two. */
export const LEFT_OUT = [1, 2] as const;

export interface ComparedFigures extends Sides {
  /** The routes compared: those both versions have page views on. */
  routes: string[];
  /** The sides again, each time without the most extreme client or two of one side. */
  withoutTopClients: Sides[];
}

function figuresOf(clients: readonly ClientEvidence[], maxShare: number, trim?: { n: number; from: 'slow' | 'fast' }): SideFigures {
  const held = heldCounts(clients, maxShare);
  const timing = (name: 'inp' | 'lcp') => p75(trimmed(heldHistogram(held, name), trim?.n ?? 0, trim?.from ?? 'slow'), name);
  return { ...heldSums(held), clients: clients.filter((c) => c.views > 0).length, p75Inp: timing('inp'), p75Lcp: timing('lcp') };
}

/** The `k` clients with the most of `count`. */
const top = (clients: readonly ClientEvidence[], count: CountName, k: number) =>
  new Set(
    [...clients]
      .sort((a, b) => b[count] - a[count])
      .slice(0, k)
      .filter((c) => c[count] > 0),
  );

/** The side's figures without its most extreme clients, each way (see the file's comment). */
function variantsOf(clients: readonly ClientEvidence[], maxShare: number): SideFigures[] {
  const variants: SideFigures[] = [];
  const heldViews = [...heldCounts(clients, maxShare).values()].map((kept) => kept.views).sort((a, b) => b - a);
  for (const k of LEFT_OUT) {
    for (const count of COUNTS) {
      const gone = top(clients, count, k);
      if (gone.size > 0)
        variants.push(
          figuresOf(
            clients.filter((c) => !gone.has(c)),
            maxShare,
          ),
        );
    }
    const weight = heldViews.slice(0, k).reduce((sum, n) => sum + n, 0);
    for (const from of ['slow', 'fast'] as const) variants.push(figuresOf(clients, maxShare, { n: weight, from }));
  }
  return variants;
}

/** The canary's and the current version's figures over the routes both have page views on. */
export function comparedFigures(
  totals: readonly RumRouteTotal[],
  evidence: SectionEvidence,
  versions: { canary: string; current: string },
  maxShare: number,
): ComparedFigures {
  const viewed = (version: string) =>
    new Set(totals.filter((t) => t.version === version && t.metric === RUM_COUNTERS.views && t.count > 0).map((t) => t.route));
  const canaryRoutes = viewed(versions.canary);
  const routes = [...viewed(versions.current)].filter((route) => canaryRoutes.has(route)).sort();
  const compared = new Set(routes);
  const canary = clientsOf(evidence, versions.canary, compared);
  const current = clientsOf(evidence, versions.current, compared);
  const figures = { canary: figuresOf(canary, maxShare), current: figuresOf(current, maxShare) };
  // A share of 1 lets one client be all the evidence (a lab where every visit comes from one machine).
  if (maxShare >= 1) return { ...figures, routes, withoutTopClients: [] };
  const withoutTopClients: Sides[] = [
    ...variantsOf(canary, maxShare).map((side) => ({ ...figures, canary: side })),
    ...variantsOf(current, maxShare).map((side) => ({ ...figures, current: side })),
  ];
  return { ...figures, routes, withoutTopClients };
}

/** The current version's figures on `routes` from totals of an earlier window (no client counts then). */
export function baselineFigures(totals: readonly RumRouteTotal[], version: string, routes: readonly string[]): SideFigures {
  const figures = new VersionFigures();
  for (const total of totals) if (total.version === version && routes.includes(total.route)) figures.add(total);
  return {
    views: figures.count(RUM_COUNTERS.views),
    clients: 0,
    errorViews: figures.count(RUM_COUNTERS.errorViews),
    failureViews: figures.count(RUM_COUNTERS.failureViews),
    // Before the canary no post was filed under a view; the baseline's lead figures are not judged.
    storedLeads: 0,
    failedSubmits: 0,
    p75Inp: figures.p75('inp'),
    p75Lcp: figures.p75('lcp'),
  };
}

/** A version's server renders in the window, on every page (the api's own counts, summed over instances). */
export function renderFigures(totals: readonly RumRouteTotal[], version: string): RenderFigures {
  const sum = (metric: string) => totals.filter((t) => t.version === version && t.metric === metric).reduce((n, t) => n + t.count, 0);
  return { renders: sum(RUM_COUNTERS.serverRenders), failures: sum(RUM_COUNTERS.serverRenderFailures) };
}
