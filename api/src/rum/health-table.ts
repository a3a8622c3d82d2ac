/**
 * `npm run releases -w <remote> -- --health [--hours N]`: the health figures per version as a table,
 * read from the database (or from a running site's GET /api/releases/{remote}/health with --site).
 */
import type { ReleaseHealth, RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../platform/config';
import type { CurrentVersions } from '../registry/remote-registry';
import { DEFAULT_HEALTH_HOURS } from './health.router';
import { releaseHealth } from './release-health';
import { openRumStore } from './rum-store';

const figure = (value: number | null, unit = '') => (value === null ? '-' : `${value}${unit}`);

export function healthTable(health: ReleaseHealth): string {
  const header = ['version', 'views', 'p75 LCP', 'p75 INP', 'p75 CLS', 'errors/100', 'load failures', 'forms stored/refused/failed'];
  const rows = health.versions.map((v) => [
    `${v.current ? '* ' : '  '}${v.version}`,
    String(v.views),
    figure(v.p75.lcp, ' ms'),
    figure(v.p75.inp, ' ms'),
    figure(v.p75.cls),
    figure(v.errorsPer100),
    String(v.remoteFailures),
    `${v.formOutcomes.stored}/${v.formOutcomes.refused}/${v.formOutcomes.failed}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length + (i === 0 ? 2 : 0), ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  const title = `Health of ${health.remote} over the last ${health.hours} h (* current${health.current ? `: ${health.current}` : ': none, the checkout build'}):`;
  if (rows.length === 0) return `${title}\n  no page views reported yet`;
  return [title, line([`  ${header[0] as string}`, ...header.slice(1)]), ...rows.map(line)].join('\n');
}

export function parseHours(raw: string | undefined): number {
  const hours = raw === undefined ? DEFAULT_HEALTH_HOURS : Number(raw);
  if (!Number.isInteger(hours) || hours < 1) throw new Error(`--hours must be a whole number of hours, got "${raw}"`);
  return hours;
}

/** Prints the table from this checkout's database (DATABASE_URL or the SQLite file). */
export async function printLocalHealth(config: AppConfig, remote: RemoteName, hours: number, current: CurrentVersions): Promise<void> {
  const store = await openRumStore(config);
  try {
    const totals = await store.totals(Math.floor(Date.now() / 60_000) - hours * 60, remote);
    console.log(healthTable(releaseHealth(remote, hours, current.get(remote) ?? null, totals)));
  } finally {
    await store.close();
  }
}
