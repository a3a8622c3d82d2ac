/**
 * `npm run releases -w <remote> -- --health [--hours N]`: the health figures per version as a table,
 * read from the database (or from a running site's GET /api/releases/{remote}/health with --site).
 * The current version is marked `*`, a running canary `~` with the share of visitors it is served to.
 */
import type { ReleaseHealth, RemoteName, VersionHealth } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Canary } from '../releases/registry-store';
import type { CurrentVersions } from '../serving/remote-registry';
import { DEFAULT_HEALTH_HOURS } from './health.router';
import { releaseHealth } from './release-health';
import { openRumStore } from './rum-store';

const figure = (value: number | null, unit = '') => (value === null ? '-' : `${value}${unit}`);

/** `*` the current version, `~` the running canary. */
const marker = (version: VersionHealth) => (version.current ? '* ' : version.share !== undefined ? '~ ' : '  ');

/** The share of visitors a version is served to: the canary's, the rest for the current one, none for the others. */
function servedShare(version: VersionHealth, canary: ReleaseHealth['canary']): string {
  if (version.share !== undefined) return `${version.share} %`;
  if (version.current) return `${100 - (canary?.share ?? 0)} %`;
  return '-';
}

export function healthTable(health: ReleaseHealth): string {
  const header = [
    'version',
    'share',
    'views',
    'p75 LCP',
    'p75 INP',
    'p75 CLS',
    'errors/100',
    'load failures',
    'forms stored/refused/failed',
    'server renders failed/all',
  ];
  const rows = health.versions.map((v) => [
    `${marker(v)}${v.version}`,
    servedShare(v, health.canary),
    String(v.views),
    figure(v.p75.lcp, ' ms'),
    figure(v.p75.inp, ' ms'),
    figure(v.p75.cls),
    figure(v.errorsPer100),
    String(v.remoteFailures),
    `${v.formOutcomes.stored}/${v.formOutcomes.refused}/${v.formOutcomes.failed}`,
    `${v.serverRenders.failures}/${v.serverRenders.renders}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length + (i === 0 ? 2 : 0), ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  const canary = health.canary ? `; ~ canary: ${health.canary.version} at ${health.canary.share} % since ${health.canary.since}` : '';
  const title = `Health of ${health.remote} over the last ${health.hours} h (* current${health.current ? `: ${health.current}` : ': none, the checkout build'}${canary}):`;
  const progress = guardProgress(health.canary);
  if (rows.length === 0) return [title, ...progress, '  no page views reported yet'].join('\n');
  return [title, ...progress, line([`  ${header[0] as string}`, ...header.slice(1)]), ...rows.map(line)].join('\n');
}

/** What the guard waits for, in a line: views each side against CANARY_MIN_VIEWS, and the next step. */
function guardProgress(canary: ReleaseHealth['canary']): string[] {
  const progress = canary?.progress;
  if (!progress) return [];
  const { minViews, views, nextStepDue } = progress;
  const waiting = views.canary < minViews || views.current < minViews;
  const next = nextStepDue
    ? `next step due ${nextStepDue}`
    : waiting
      ? 'no step until both sides have their views'
      : 'a person promotes the next step';
  return [
    `Guard: ${views.canary}/${minViews} views on the canary, ${views.current}/${minViews} on the current version since the share began; ${next}.`,
  ];
}

export function parseHours(raw: string | undefined): number {
  const hours = raw === undefined ? DEFAULT_HEALTH_HOURS : Number(raw);
  if (!Number.isInteger(hours) || hours < 1) throw new Error(`--hours must be a whole number of hours, got "${raw}"`);
  return hours;
}

/**
 * The figures from this checkout's database (DATABASE_URL or the SQLite file). The guard's last
 * conclusion lives in the running instances only: `--site` shows it.
 */
export async function rumStoreHealth(
  config: AppConfig,
  remote: RemoteName,
  hours: number,
  current: CurrentVersions,
  canary: Canary | null,
): Promise<ReleaseHealth> {
  const store = await openRumStore(config);
  try {
    const totals = await store.totals(Math.floor(Date.now() / 60_000) - hours * 60, remote);
    const running = canary ? { ...canary, guard: null } : null;
    return releaseHealth(remote, hours, current.get(remote) ?? null, totals, running);
  } finally {
    await store.close();
  }
}
