/**
 * Each client's evidence on one side of a canary, and the same figures held per person: every count
 * (views, views with errors or failed loads, stored leads, refused contact posts) and every timing
 * histogram goes through one cap, so no client counts for more than `maxShare` of any of them.
 */
import { TIMING_SCALE, quantile } from '../../rum/histogram';
import type { LeadViewTotal, RumClientTimingTotal, RumClientTotal } from '../../rum/rum-store';

export const COUNTS = ['views', 'errorViews', 'failureViews', 'storedLeads', 'failedSubmits'] as const;
export type CountName = (typeof COUNTS)[number];
export const TIMINGS = ['inp', 'lcp'] as const;
export type Timing = (typeof TIMINGS)[number];

export interface ClientEvidence extends Record<CountName, number> {
  client: string;
  /** Timing name -> bucket -> views. */
  timings: Map<Timing, Map<number, number>>;
}

/** What the stores hold for a section over a window (only the builds a canary compares have client rows). */
export interface SectionEvidence {
  clients: readonly RumClientTotal[];
  timings?: readonly RumClientTimingTotal[];
  leads?: readonly LeadViewTotal[];
}

/** Each client's evidence of `version` on `routes`, summed over routes. */
export function clientsOf(evidence: SectionEvidence, version: string, routes: ReadonlySet<string>): ClientEvidence[] {
  const byClient = new Map<string, ClientEvidence>();
  const of = (client: string) => {
    let found = byClient.get(client);
    if (!found)
      byClient.set(
        client,
        (found = { client, views: 0, errorViews: 0, failureViews: 0, storedLeads: 0, failedSubmits: 0, timings: new Map() }),
      );
    return found;
  };
  const ours = (row: { version: string; route: string }) => row.version === version && routes.has(row.route);
  for (const row of evidence.clients.filter(ours)) {
    // A report's claims of stored leads (rum_clients.stored_leads) are not read: leads are the lead store's.
    const sum = of(row.client);
    sum.views += row.views;
    sum.errorViews += row.errorViews;
    sum.failureViews += row.failureViews;
  }
  for (const row of (evidence.leads ?? []).filter(ours)) {
    const sum = of(row.client);
    sum.storedLeads += row.storedLeads;
    sum.failedSubmits += row.failedSubmits;
  }
  for (const row of (evidence.timings ?? []).filter(ours)) {
    if (!(TIMINGS as readonly string[]).includes(row.metric)) continue;
    const histograms = of(row.client).timings;
    const histogram = histograms.get(row.metric as Timing) ?? new Map<number, number>();
    histogram.set(row.bucket, (histogram.get(row.bucket) ?? 0) + row.count);
    histograms.set(row.metric as Timing, histogram);
  }
  return [...byClient.values()];
}

/**
 * How much of each count each client keeps: past its first, a client's count is held to
 * maxShare / (1 - maxShare) of everyone else's, so one client alone counts for one at most.
 */
export function heldCounts(clients: readonly ClientEvidence[], maxShare: number): Map<ClientEvidence, Record<CountName, number>> {
  const ratio = maxShare / (1 - maxShare);
  const totals = Object.fromEntries(COUNTS.map((count) => [count, clients.reduce((sum, c) => sum + c[count], 0)])) as Record<
    CountName,
    number
  >;
  const held = new Map<ClientEvidence, Record<CountName, number>>();
  for (const c of clients) {
    const kept = Object.fromEntries(
      // Every client's first counts (a handful of honest errors, each from its own visitor, stands).
      COUNTS.map((count) => [count, maxShare >= 1 ? c[count] : Math.min(c[count], Math.max(1, ratio * (totals[count] - c[count])))]),
    ) as Record<CountName, number>;
    held.set(c, kept);
  }
  return held;
}

/** A side's held sums: whole counts (a part of a view held back is no view). */
export function heldSums(held: ReadonlyMap<ClientEvidence, Record<CountName, number>>): Record<CountName, number> {
  const sums = Object.fromEntries(COUNTS.map((count) => [count, 0])) as Record<CountName, number>;
  for (const kept of held.values()) for (const count of COUNTS) sums[count] += kept[count];
  for (const count of COUNTS) sums[count] = Math.floor(sums[count] + 1e-9);
  return sums;
}

/** The side's histogram of `timing`, each client's weighing what its held views do against its views. */
export function heldHistogram(held: ReadonlyMap<ClientEvidence, Record<CountName, number>>, timing: Timing): Map<number, number> {
  const out = new Map<number, number>();
  for (const [c, kept] of held) {
    const histogram = c.timings.get(timing);
    if (!histogram) continue;
    const seen = [...histogram.values()].reduce((sum, n) => sum + n, 0);
    // A client's timings weigh as many views as it is allowed (its timings may outnumber its counted views).
    const weight = seen > 0 ? Math.min(1, Math.max(kept.views, 1) / seen) : 0;
    for (const [bucket, n] of histogram) out.set(bucket, (out.get(bucket) ?? 0) + n * weight);
  }
  return out;
}

/** A histogram with `n` observations taken off its slow end (or its fast end). */
export function trimmed(histogram: ReadonlyMap<number, number>, n: number, from: 'slow' | 'fast'): Map<number, number> {
  const out = new Map(histogram);
  const buckets = [...out.keys()].sort((a, b) => (from === 'slow' ? b - a : a - b));
  let left = n;
  for (const bucket of buckets) {
    if (left <= 1e-9) break;
    const take = Math.min(left, out.get(bucket)!);
    out.set(bucket, out.get(bucket)! - take);
    left -= take;
  }
  return out;
}

export function p75(histogram: ReadonlyMap<number, number>, timing: Timing): number | null {
  const value = quantile(histogram, 0.75);
  return value === null ? null : Math.round(value / TIMING_SCALE[timing]);
}
