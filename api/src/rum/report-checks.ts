/**
 * What a report must prove before it counts, and what it counts as: its page-view token is the api's,
 * young enough, and names the page the report is about (section, route) and every build it names (a
 * client-side navigation reports under the token of the page that started the visit, and may only
 * name the versions that page's registry listed). The view is then filed under the token's versions,
 * each one the site knows.
 */
import { OTHER_SECTION, SHELL_SECTION, type RumReport } from '@cardlift/contracts';
import { clampedTimings, type CountedView } from './counted-view';
import type { KnownVersions } from './known-versions';
import type { PageViewTokens, ViewClaims } from './page-view-tokens';

/** Why a report does not count (`cardlift_rum_reports_total{outcome}`). */
export type ReportRefusal = 'unsigned' | 'expired' | 'mismatch' | 'unknown_version';

export type ReportCheck = { ok: true; view: CountedView } | { ok: false; outcome: ReportRefusal };

export interface ReportCheckDeps {
  tokens: PageViewTokens;
  known: Pick<KnownVersions, 'has'>;
  /** Whether the site serves a page of this route pattern or static path (known-routes.ts). */
  knownRoute(route: string): boolean;
  unknownRoute: string;
  now(): number;
}

/**
 * True when every section the report names is one the token's page listed, at the same version. The
 * shell's version is in the token only when the api knew it for the site's shell (ingest.router.ts):
 * a report naming another is filed without the shell's figures, not refused.
 */
function namesOnlyItsPage(report: RumReport, claims: ViewClaims): boolean {
  if (report.route !== claims.route || report.section !== claims.section) return false;
  const listed = claims.versions as Record<string, string | undefined>;
  for (const [section, version] of Object.entries(report.versions))
    if (listed[section] !== version && !(section === SHELL_SECTION && listed[section] === undefined)) return false;
  const errors = Object.keys(report.errors ?? {}).filter((section) => section !== OTHER_SECTION && section !== SHELL_SECTION);
  const failures = Object.keys(report.remoteFailures ?? {});
  return [...errors, ...failures].every((section) => listed[section] !== undefined);
}

export function checkReport(report: RumReport, deps: ReportCheckDeps): ReportCheck {
  const read = deps.tokens.readView(report.view);
  if (!read.ok) return { ok: false, outcome: read.reason === 'expired' ? 'expired' : 'unsigned' };
  const claims = read.value;
  if (!namesOnlyItsPage(report, claims)) return { ok: false, outcome: 'mismatch' };
  for (const [section, version] of Object.entries(claims.versions))
    if (version !== undefined && !deps.known.has(section, version)) return { ok: false, outcome: 'unknown_version' };
  const now = deps.now();
  return {
    ok: true,
    view: {
      id: claims.id,
      expiresAt: deps.tokens.expiresAt(claims.issuedAt),
      minute: Math.floor(now / 60_000),
      client: claims.client,
      section: claims.section,
      route: deps.knownRoute(claims.route) ? claims.route : deps.unknownRoute,
      device: report.device,
      versions: claims.versions,
      metrics: clampedTimings(report.metrics),
      errorSections: Object.keys(report.errors ?? {}),
      failedRemotes: Object.keys(report.remoteFailures ?? {}),
      skewRecovered: (report.skewRecovered ?? 0) > 0,
      contactOutcomes: report.contactOutcomes ?? [],
    },
  };
}
