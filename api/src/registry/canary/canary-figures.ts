/**
 * Both sides' figures for the guard, read from the stored per-route aggregates (rum_counts): the
 * canary and the current version compared on the same pages. A side's figures count only the routes
 * on which both versions had page views in the window, so a page one side was never seen on (a slow
 * page the canary's visitors did not open, a page only one version has) weighs on neither.
 */
import { VersionFigures } from '../../rum/release-health';
import { RUM_COUNTERS } from '../../rum/rum-aggregator';
import type { RumRouteTotal } from '../../rum/rum-store';
import type { SideFigures } from './canary-rules';

export interface ComparedFigures {
  canary: SideFigures;
  current: SideFigures;
  /** The routes compared: those both versions have page views on. */
  routes: string[];
}

function sideFigures(figures: VersionFigures): SideFigures {
  return {
    views: figures.count(RUM_COUNTERS.views),
    errors: figures.count(RUM_COUNTERS.errors),
    remoteFailures: figures.count(RUM_COUNTERS.remoteFailures),
    storedLeads: figures.count(RUM_COUNTERS.form('stored')),
    p75Inp: figures.p75('inp'),
    p75Lcp: figures.p75('lcp'),
  };
}

/** The canary's and the current version's figures over the routes both have page views on. */
export function comparedFigures(totals: readonly RumRouteTotal[], canary: string, current: string): ComparedFigures {
  const viewed = (version: string) =>
    new Set(totals.filter((t) => t.version === version && t.metric === RUM_COUNTERS.views && t.count > 0).map((t) => t.route));
  const canaryRoutes = viewed(canary);
  const routes = [...viewed(current)].filter((route) => canaryRoutes.has(route)).sort();
  const figuresOf = (version: string) => {
    const figures = new VersionFigures();
    for (const total of totals) if (total.version === version && routes.includes(total.route)) figures.add(total);
    return sideFigures(figures);
  };
  return { canary: figuresOf(canary), current: figuresOf(current), routes };
}
