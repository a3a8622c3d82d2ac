/**
 * A section's figures per version over a window, read from the stored aggregates: what a person
 * deciding on a rollback (or the guard that will do it) compares between two versions.
 */
import { CONTACT_OUTCOMES, type CanaryHealth, type ReleaseHealth, type RemoteName, type VersionHealth } from '@cardlift/contracts';
import { quantile, TIMING_SCALE } from './histogram';
import { RUM_COUNTERS } from './rum-aggregator';
import type { RumTotal } from './rum-store';

/** Sums and histograms of one section version. */
export class VersionFigures {
  readonly counters = new Map<string, number>();
  readonly histograms = new Map<string, Map<number, number>>();

  add(total: Pick<RumTotal, 'metric' | 'bucket' | 'count'>): void {
    this.counters.set(total.metric, (this.counters.get(total.metric) ?? 0) + total.count);
    const histogram = this.histograms.get(total.metric) ?? new Map<number, number>();
    histogram.set(total.bucket, (histogram.get(total.bucket) ?? 0) + total.count);
    this.histograms.set(total.metric, histogram);
  }

  count(metric: string): number {
    return this.counters.get(metric) ?? 0;
  }

  p75(timing: keyof typeof TIMING_SCALE): number | null {
    const histogram = this.histograms.get(timing);
    const value = histogram ? quantile(histogram, 0.75) : null;
    return value === null ? null : round(value / TIMING_SCALE[timing], timing === 'cls' ? 3 : 0);
  }

  /** Page views with at least one error, per 100 page views. */
  errorsPer100(): number | null {
    const views = this.count(RUM_COUNTERS.views);
    return views > 0 ? round((this.count(RUM_COUNTERS.errorViews) * 100) / views, 2) : null;
  }
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Totals grouped by section, then version. */
export function figuresBySectionVersion(totals: readonly RumTotal[]): Map<string, Map<string, VersionFigures>> {
  const sections = new Map<string, Map<string, VersionFigures>>();
  for (const total of totals) {
    const versions = sections.get(total.section) ?? new Map<string, VersionFigures>();
    sections.set(total.section, versions);
    const figures = versions.get(total.version) ?? new VersionFigures();
    versions.set(total.version, figures);
    figures.add(total);
  }
  return sections;
}

export function releaseHealth(
  remote: RemoteName,
  hours: number,
  current: string | null,
  totals: readonly RumTotal[],
  canary: CanaryHealth | null = null,
): ReleaseHealth {
  const versions = figuresBySectionVersion(totals.filter((t) => t.section === remote)).get(remote) ?? new Map<string, VersionFigures>();
  for (const shown of [current, canary?.version]) if (shown && !versions.has(shown)) versions.set(shown, new VersionFigures());
  const entries: VersionHealth[] = [...versions].map(([version, figures]) => ({
    version,
    current: version === current,
    ...(version === canary?.version ? { share: canary.share } : {}),
    views: figures.count(RUM_COUNTERS.views),
    p75: { lcp: figures.p75('lcp'), inp: figures.p75('inp'), cls: figures.p75('cls') },
    errorsPer100: figures.errorsPer100(),
    remoteFailures: figures.count(RUM_COUNTERS.failureViews),
    skewRecovered: figures.count(RUM_COUNTERS.skewRecovered),
    formOutcomes: Object.fromEntries(
      CONTACT_OUTCOMES.map((o) => [o, figures.count(RUM_COUNTERS.form(o))]),
    ) as VersionHealth['formOutcomes'],
    serverRenders: { renders: figures.count(RUM_COUNTERS.serverRenders), failures: figures.count(RUM_COUNTERS.serverRenderFailures) },
  }));
  // The current version first, then the most viewed.
  entries.sort((a, b) => Number(b.current) - Number(a.current) || b.views - a.views || a.version.localeCompare(b.version));
  return { remote, hours, current, canary, versions: entries };
}
