/** One side's figures for the guard, read from the stored per-version aggregates (rum_counts). */
import { figuresBySectionVersion, VersionFigures } from '../../rum/release-health';
import { RUM_COUNTERS } from '../../rum/rum-aggregator';
import type { RumTotal } from '../../rum/rum-store';
import type { SideFigures } from './canary-rules';

export function sideFigures(totals: readonly RumTotal[], remote: string, version: string): SideFigures {
  const figures = figuresBySectionVersion(totals).get(remote)?.get(version) ?? new VersionFigures();
  return {
    views: figures.count(RUM_COUNTERS.views),
    errors: figures.count(RUM_COUNTERS.errors),
    remoteFailures: figures.count(RUM_COUNTERS.remoteFailures),
    storedLeads: figures.count(RUM_COUNTERS.form('stored')),
    p75Inp: figures.p75('inp'),
    p75Lcp: figures.p75('lcp'),
  };
}
