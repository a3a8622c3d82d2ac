/**
 * One page view as the aggregator counts it, once its report and token are checked (ingest.router.ts),
 * and how it folds into the stored counts. A view weighs one view whatever its report claims: it
 * counts as one view with errors for each build whose files threw in it, one view with a failed load
 * for each remote that could not load, and its timings clamped to what a page can plausibly take.
 */
import { RUM_TIMING_CEILINGS, RUM_TIMINGS, type ContactOutcome, type RumReport, type RumSection } from '@cardlift/contracts';
import { bucketOf, TIMING_SCALE } from './histogram';
import type { RumClientRow, RumClientTiming, RumRow } from './rum-store';

/** Counters kept per section version; timings are kept as histograms under their own names. */
export const RUM_COUNTERS = {
  views: 'views',
  /** Page views in which this build's files threw at least once. */
  errorViews: 'error_views',
  /** Page views in which this remote's code could not be loaded. */
  failureViews: 'failure_views',
  /**
   * Page views that recovered from a file a deploy or retention removed (a document navigation or a
   * reload offered): apart from errors, so tabs older than a release do not count against it.
   */
  skewRecovered: 'skew_recovered',
  form: (outcome: string) => `form_${outcome}`,
  /** Server renders of this build's pages (the api's own count, not a report's). */
  serverRenders: 'server_renders',
  /** Server renders of this build's pages that failed: threw, ran out of time or memory, or crashed. */
  serverRenderFailures: 'server_render_failures',
} as const;

/**
 * The device and route server renders are counted under: one row per section version and minute
 * whatever the page (a render knows its URL, not the route the site files reports under).
 */
export const SERVER_DEVICE = 'server';
export const SERVER_ROUTE = 'server';

/** The count keys a server render of `version` of `section` adds one to. */
export function serverRenderKeys(minute: number, section: string, version: string, ok: boolean): string[] {
  const key = (metric: string) => countKey([minute, section, version, SERVER_ROUTE, metric, SERVER_DEVICE, 0]);
  return ok ? [key(RUM_COUNTERS.serverRenders)] : [key(RUM_COUNTERS.serverRenders), key(RUM_COUNTERS.serverRenderFailures)];
}

/** The version recorded when a view names none for a section (an error from a file of no build). */
export const UNKNOWN_VERSION = '-';

export interface CountedView {
  /** The page-view token's id: counted once, whichever instance sees it first. */
  id: string;
  /** When its token stops being accepted (epoch ms): the ledger forgets the id then. */
  expiresAt: number;
  minute: number;
  /** Who asked for the token: a keyed hash of their network. */
  client: string;
  section: RumSection;
  /** The page's route as the site knows it (UNKNOWN_ROUTE otherwise). */
  route: string;
  device: RumReport['device'];
  /** The versions the page was served, from its token: never what the report names. */
  versions: Partial<Record<string, string>>;
  metrics: RumReport['metrics'];
  /** Sections whose files threw (`other` for files of no build). */
  errorSections: readonly string[];
  failedRemotes: readonly string[];
  /** Whether the view recovered from a removed file (counted on its page's section). */
  skewRecovered: boolean;
  contactOutcomes: readonly ContactOutcome[];
}

/** The report's timings, each held to what a page can plausibly take. */
export function clampedTimings(metrics: RumReport['metrics']): RumReport['metrics'] {
  const clamped: RumReport['metrics'] = {};
  for (const timing of RUM_TIMINGS) {
    const value = metrics[timing];
    if (value !== undefined) clamped[timing] = Math.min(value, RUM_TIMING_CEILINGS[timing]);
  }
  return clamped;
}

/** A count's key fields, in the order `countKey` joins them. */
export type KeyParts = [minute: string, section: string, version: string, route: string, metric: string, device: string, bucket: string];
export const countKey = (parts: (string | number)[]) => parts.join('\t');

export function countRow(key: string, count: number): RumRow {
  const [minute, section, version, route, metric, device, bucket] = key.split('\t') as KeyParts;
  return { minute: Number(minute), section, version, route, metric, device, bucket: Number(bucket), count };
}

/** The count keys one view adds one to. */
export function viewCountKeys(view: CountedView): string[] {
  const { minute, route, device, section: page } = view;
  const versionOf = (section: string) => view.versions[section] ?? UNKNOWN_VERSION;
  const key = (section: string, metric: string, bucket = 0) =>
    countKey([minute, section, versionOf(section), route, metric, device, bucket]);
  const keys = [key(page, RUM_COUNTERS.views)];
  for (const timing of RUM_TIMINGS) {
    const value = view.metrics[timing];
    if (value !== undefined) keys.push(key(page, timing, bucketOf(value * TIMING_SCALE[timing])));
  }
  // Errors count against the version of the build whose file threw (the "other" section has none).
  for (const section of view.errorSections) keys.push(key(section, RUM_COUNTERS.errorViews));
  for (const remote of view.failedRemotes) keys.push(key(remote, RUM_COUNTERS.failureViews));
  if (view.skewRecovered) keys.push(key(page, RUM_COUNTERS.skewRecovered));
  for (const outcome of view.contactOutcomes) keys.push(key(page, RUM_COUNTERS.form(outcome)));
  return keys;
}

/** Whether a section version is one a running canary compares (its clients' counts are kept). */
export type JudgedBuild = (section: string, version: string) => boolean;

/** The view's per-client counts for the builds a canary compares. */
export function viewClientRows(view: CountedView, judged: JudgedBuild): RumClientRow[] {
  const sections = new Set([view.section, ...view.errorSections, ...view.failedRemotes]);
  const rows: RumClientRow[] = [];
  for (const section of sections) {
    const version = view.versions[section];
    if (version === undefined || !judged(section, version)) continue;
    const page = section === view.section;
    rows.push({
      minute: view.minute,
      section,
      version,
      route: view.route,
      client: view.client,
      views: page ? 1 : 0,
      errorViews: view.errorSections.includes(section) ? 1 : 0,
      failureViews: view.failedRemotes.includes(section) ? 1 : 0,
      // What a report says of the form is shown, never counted: stored leads are the lead store's (lead_views).
      storedLeads: 0,
    });
  }
  return rows;
}

/** The view's timings as its client's histogram keys, for the builds a canary compares (the page's section). */
export function viewClientTimingKeys(view: CountedView, judged: JudgedBuild): string[] {
  const version = view.versions[view.section];
  if (version === undefined || !judged(view.section, version)) return [];
  const keys: string[] = [];
  for (const timing of RUM_TIMINGS) {
    const value = view.metrics[timing];
    if (value === undefined) continue;
    keys.push(countKey([view.minute, view.section, version, view.route, view.client, timing, bucketOf(value * TIMING_SCALE[timing])]));
  }
  return keys;
}

export function clientTimingRow(key: string, count: number): RumClientTiming {
  const [minute, section, version, route, client, metric, bucket] = key.split('\t') as KeyParts;
  return { minute: Number(minute), section, version, route, client, metric, bucket: Number(bucket), count };
}

export const clientKey = (row: RumClientRow) => [row.minute, row.section, row.version, row.route, row.client].join('\t');

/** Adds `row`'s counts into `rows` under its key. */
export function addClientRow(rows: Map<string, RumClientRow>, row: RumClientRow): void {
  const key = clientKey(row);
  const had = rows.get(key);
  if (!had) return void rows.set(key, { ...row });
  had.views += row.views;
  had.errorViews += row.errorViews;
  had.failureViews += row.failureViews;
  had.storedLeads += row.storedLeads;
}
