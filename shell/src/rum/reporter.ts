/**
 * The page view's report, loaded after the page is interactive (page-view.ts): web-vitals follows
 * LCP, INP, CLS, FCP and TTFB, and when the page is hidden one beacon carries everything, once per
 * page view. A string beacon is sent as text/plain, which the api reads. Only a report carrying a
 * page-view token counts: as it loads, the reporter trades the page's token (boot data) for one, with
 * the versions the page's registry lists; a page without a token (a preview) reports nothing. The standard build, not the
 * attribution one: a report carries values, no element or target, and the attribution build's extra
 * code (about 3 KB brotli) was downloaded by every visitor for nothing. Once a report needs to say
 * which element made LCP or INP slow, import from 'web-vitals/attribution' and send it.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import {
  RUM_PATH,
  RUM_VIEW_PATH,
  SHELL_SECTION,
  type RemoteEntry,
  type RumPageContext,
  type RumReport,
  type RumViewAnswer,
  type RumViewRequest,
} from '@cardlift/contracts';
import { version as shellVersion } from '../../package.json';
import { initFederation } from '../remotes/registry';
import { errorSection } from './error-sections';
import { noteViewToken } from './lead-view';
import { MAX_NOTES, type PageViewState } from './page-view';

type Timings = RumReport['metrics'];
type Connection = { effectiveType?: string };
const CONNECTIONS = new Set(['slow-2g', '2g', '3g', '4g']);
const MAX_MS = 600_000;

function isPhone(): boolean {
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  return hint ?? matchMedia('(max-width: 767px), (pointer: coarse)').matches;
}

function counts<K extends string>(keys: Iterable<[K, number]>): Partial<Record<K, number>> | undefined {
  const out: Partial<Record<K, number>> = {};
  let any = false;
  for (const [key, n] of keys) {
    out[key] = Math.min(MAX_NOTES, (out[key] ?? 0) + n);
    any = true;
  }
  return any ? out : undefined;
}

/** The version of every build on the page: the shell's, and each remote's as the page's registry lists it. */
function pageVersions(entries: readonly RemoteEntry[]): RumReport['versions'] {
  const versions: RumReport['versions'] = { [SHELL_SECTION]: shellVersion };
  for (const entry of entries) versions[entry.name] = entry.version;
  return versions;
}

/** The page-view token for this view, or undefined (no page token, or the api would not give one). */
async function viewToken(context: RumPageContext, entries: readonly RemoteEntry[]): Promise<string | undefined> {
  if (!context.token) return undefined;
  const request: RumViewRequest = { token: context.token, route: context.route, section: context.section, versions: pageVersions(entries) };
  const answer = await fetch(RUM_VIEW_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  return answer.status === 200 ? ((await answer.json()) as RumViewAnswer).view : undefined;
}

export function buildReport(view: PageViewState, token: string, timings: Timings, entries: readonly RemoteEntry[]): RumReport {
  const versions = pageVersions(entries);
  const effectiveType = (navigator as Navigator & { connection?: Connection }).connection?.effectiveType;
  const errors = counts(view.errorSources.map((source) => [errorSection(source, entries, location.href), 1] as const));
  const remoteFailures = counts(
    [...view.remoteFailures].filter(([name]) => entries.some((e) => e.name === name)) as [RemoteEntry['name'], number][],
  );
  return {
    view: token,
    route: view.context.route,
    section: view.context.section,
    versions,
    device: isPhone() ? 'phone' : 'desktop',
    ...(effectiveType && CONNECTIONS.has(effectiveType) ? { connection: effectiveType as RumReport['connection'] } : {}),
    metrics: { ...timings, ...(view.tti !== undefined ? { tti: Math.min(MAX_MS, view.tti) } : {}) },
    ...(errors ? { errors } : {}),
    ...(remoteFailures ? { remoteFailures } : {}),
    ...(view.contactOutcomes.length > 0 ? { contactOutcomes: view.contactOutcomes } : {}),
    ...(view.skewRecovered > 0 ? { skewRecovered: view.skewRecovered } : {}),
  };
}

export function startReporter(view: PageViewState): void {
  const timings: Timings = {};
  const keep = (name: 'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb', max: number) => (metric: Metric) => {
    timings[name] = Math.min(max, Math.max(0, metric.value));
  };
  // Every change, so the report holds the latest values whenever the page is hidden.
  const options = { reportAllChanges: true };
  onLCP(keep('lcp', MAX_MS), options);
  onINP(keep('inp', MAX_MS), options);
  onCLS(keep('cls', 100), options);
  onFCP(keep('fcp', MAX_MS), options);
  onTTFB(keep('ttfb', MAX_MS), options);
  let entries: readonly RemoteEntry[] = [];
  let token: string | undefined;
  void initFederation()
    .then((loaded) => viewToken(view.context, (entries = loaded)))
    .then(
      (received) => {
        token = received;
        // The contact form names its view by it (lead-view.ts).
        if (received) noteViewToken(received);
      },
      () => undefined,
    );
  let sent = false;
  const send = () => {
    if (sent || token === undefined) return;
    sent = true;
    navigator.sendBeacon(RUM_PATH, JSON.stringify(buildReport(view, token, timings, entries)));
  };
  // On the document, so web-vitals (listening on the window, capturing) has its final values in first.
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && send());
  addEventListener('pagehide', send);
}
