/**
 * Both sides' figures for the guard: the canary and the current version compared on the same pages
 * (the routes on which both had page views in the window, so a page one side was never seen on
 * weighs on neither).
 *
 * Counts come from each client's counts (rum_clients), so the guard counts people: how many clients
 * a side's views came from, and no client counted for more than `maxShare` of its side's views, views
 * with errors, with failed loads or stored leads (the rest of what it sent is set aside). Timings come
 * from the per-route histograms (rum_counts). For each side, the same figures without its most
 * extreme client are worked out too, its views taken off the slow end of the histograms and then off
 * the fast end (the worst that client could have done either way): a decision must hold in all four.
 */
import { quantile, TIMING_SCALE } from '../../rum/histogram';
import { VersionFigures } from '../../rum/release-health';
import { RUM_COUNTERS } from '../../rum/rum-aggregator';
import type { RumClientTotal, RumRouteTotal } from '../../rum/rum-store';
import type { SideFigures, Sides } from './canary-rules';

export interface ComparedFigures extends Sides {
  /** The routes compared: those both versions have page views on. */
  routes: string[];
  /** The sides again, each time without the most extreme client of one side. */
  withoutOneClient: Sides[];
}

type ClientCounts = Pick<RumClientTotal, 'client' | 'views' | 'errorViews' | 'failureViews' | 'storedLeads'>;
const COUNTS = ['views', 'errorViews', 'failureViews', 'storedLeads'] as const;
/**
 * The counts held to a share per client. Stored leads are not: each is a real lead in the database,
 * not a claim, and leads are rare enough that holding them would erase honest ones.
 */
const HELD = ['views', 'errorViews', 'failureViews'] as const;

/** Each client's counts of `version` on `routes`, summed over routes. */
function clientsOf(clients: readonly RumClientTotal[], version: string, routes: ReadonlySet<string>): ClientCounts[] {
  const byClient = new Map<string, ClientCounts>();
  for (const row of clients) {
    if (row.version !== version || !routes.has(row.route)) continue;
    const sum = byClient.get(row.client) ?? { client: row.client, views: 0, errorViews: 0, failureViews: 0, storedLeads: 0 };
    for (const count of COUNTS) sum[count] += row[count];
    byClient.set(row.client, sum);
  }
  return [...byClient.values()];
}

/**
 * Sums of each count with no client above `maxShare` of it: past its first, a client's count is held
 * to maxShare / (1 - maxShare) of everyone else's, so one client alone counts for one view at most.
 */
function heldSums(clients: readonly ClientCounts[], maxShare: number): Record<(typeof COUNTS)[number], number> {
  const sums = { views: 0, errorViews: 0, failureViews: 0, storedLeads: clients.reduce((sum, c) => sum + c.storedLeads, 0) };
  const ratio = maxShare / (1 - maxShare);
  for (const count of HELD) {
    const total = clients.reduce((sum, c) => sum + c[count], 0);
    if (maxShare >= 1) {
      sums[count] = total;
      continue;
    }
    // Every client's first view counts (a handful of honest errors, each from its own visitor, stands);
    // and whole views: a part of a view held back is no view.
    const held = (c: ClientCounts) => Math.min(c[count], Math.max(1, ratio * (total - c[count])));
    sums[count] = Math.floor(clients.reduce((sum, c) => sum + held(c), 0) + 1e-9);
  }
  return sums;
}

/** The client with the largest share of any of its side's counts. */
function mostExtreme(clients: readonly ClientCounts[]): ClientCounts | undefined {
  const totals = Object.fromEntries(HELD.map((count) => [count, clients.reduce((sum, c) => sum + c[count], 0)]));
  const weight = (c: ClientCounts) => Math.max(...HELD.map((count) => (totals[count] ? c[count] / totals[count] : 0)));
  return [...clients].sort((a, b) => weight(b) - weight(a))[0];
}

/** A histogram with `n` observations taken off its slow end (or its fast end). */
function trimmed(histogram: Map<number, number> | undefined, n: number, from: 'slow' | 'fast'): Map<number, number> {
  const out = new Map(histogram ?? []);
  const buckets = [...out.keys()].sort((a, b) => (from === 'slow' ? b - a : a - b));
  let left = n;
  for (const bucket of buckets) {
    if (left <= 0) break;
    const take = Math.min(left, out.get(bucket)!);
    out.set(bucket, out.get(bucket)! - take);
    left -= take;
  }
  return out;
}

function p75(histogram: Map<number, number>, timing: 'inp' | 'lcp'): number | null {
  const value = quantile(histogram, 0.75);
  return value === null ? null : Math.round(value / TIMING_SCALE[timing]);
}

interface Side {
  clients: ClientCounts[];
  timings: VersionFigures;
}

function sideFigures({ clients, timings }: Side, maxShare: number, without?: { client: ClientCounts; from: 'slow' | 'fast' }): SideFigures {
  const kept = without ? clients.filter((c) => c !== without.client) : clients;
  const removed = without?.client.views ?? 0;
  const timing = (name: 'inp' | 'lcp') => p75(trimmed(timings.histograms.get(name), removed, without?.from ?? 'slow'), name);
  return { ...heldSums(kept, maxShare), clients: kept.filter((c) => c.views > 0).length, p75Inp: timing('inp'), p75Lcp: timing('lcp') };
}

/** The canary's and the current version's figures over the routes both have page views on. */
export function comparedFigures(
  totals: readonly RumRouteTotal[],
  clients: readonly RumClientTotal[],
  versions: { canary: string; current: string },
  maxShare: number,
): ComparedFigures {
  const viewed = (version: string) =>
    new Set(totals.filter((t) => t.version === version && t.metric === RUM_COUNTERS.views && t.count > 0).map((t) => t.route));
  const canaryRoutes = viewed(versions.canary);
  const routes = [...viewed(versions.current)].filter((route) => canaryRoutes.has(route)).sort();
  const compared = new Set(routes);
  const side = (version: string): Side => {
    const timings = new VersionFigures();
    for (const total of totals) if (total.version === version && compared.has(total.route)) timings.add(total);
    return { clients: clientsOf(clients, version, compared), timings };
  };
  const canary = side(versions.canary);
  const current = side(versions.current);
  const figures = { canary: sideFigures(canary, maxShare), current: sideFigures(current, maxShare) };
  const withoutOneClient: Sides[] = [];
  // A share of 1 lets one client be all the evidence (a lab where every visit comes from one machine).
  for (const from of maxShare < 1 ? (['slow', 'fast'] as const) : []) {
    const topCanary = mostExtreme(canary.clients);
    const topCurrent = mostExtreme(current.clients);
    if (topCanary) withoutOneClient.push({ ...figures, canary: sideFigures(canary, maxShare, { client: topCanary, from }) });
    if (topCurrent) withoutOneClient.push({ ...figures, current: sideFigures(current, maxShare, { client: topCurrent, from }) });
  }
  return { ...figures, routes, withoutOneClient };
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
    storedLeads: figures.count(RUM_COUNTERS.form('stored')),
    p75Inp: figures.p75('inp'),
    p75Lcp: figures.p75('lcp'),
  };
}
