/** The operator's table of a section's health: which version is current, which the canary and at what share. */
import type { ReleaseHealth, VersionHealth } from '@cardlift/contracts';
import { healthTable } from './health-table';

const version = (name: string, extra: Partial<VersionHealth> = {}): VersionHealth => ({
  version: name,
  current: false,
  views: 120,
  p75: { lcp: 1800, inp: 90, cls: 0.02 },
  errorsPer100: 0.5,
  remoteFailures: 0,
  formOutcomes: { stored: 3, refused: 1, failed: 0 },
  serverRenders: { renders: 40, failures: 0 },
  ...extra,
});

const health = (versions: VersionHealth[], canary: ReleaseHealth['canary'] = null): ReleaseHealth => ({
  remote: 'mf_invest',
  hours: 24,
  current: '1.0.0',
  canary,
  versions,
});

/** The table's rows as cells, keyed by version (the marker left on the first cell). */
const rows = (table: string) =>
  Object.fromEntries(
    table
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s{2,}/))
      .map((cells) => [cells[0]!, cells.slice(1)]),
  );

describe('healthTable', () => {
  it('shows which version is the canary and the share of visitors each side gets', () => {
    const table = healthTable(
      health([version('1.0.0', { current: true }), version('1.1.0', { share: 10 }), version('0.9.0')], {
        version: '1.1.0',
        share: 10,
        since: '2026-01-05T10:00:00.000Z',
        guard: null,
      }),
    );
    expect(table.split('\n')[0]).toContain('~ canary: 1.1.0 at 10 % since 2026-01-05T10:00:00.000Z');
    expect(table.split('\n')[1]).toMatch(/version\s+share\s+views/);
    const byVersion = rows(table);
    expect(byVersion['* 1.0.0']?.[0]).toBe('90 %');
    expect(byVersion['~ 1.1.0']?.[0]).toBe('10 %');
    expect(byVersion['0.9.0']?.[0]).toBe('-');
  });

  it('gives the current version every visitor when no canary runs', () => {
    const table = healthTable(health([version('1.0.0', { current: true }), version('0.9.0')]));
    expect(table).not.toContain('canary');
    expect(rows(table)['* 1.0.0']?.[0]).toBe('100 %');
  });

  it('shows how many of each version’s server renders failed', () => {
    const table = healthTable(
      health([version('1.0.0', { current: true }), version('1.1.0', { serverRenders: { renders: 12, failures: 12 } })]),
    );
    expect(table.split('\n')[1]).toMatch(/server renders failed\/all$/);
    expect(rows(table)['* 1.0.0']?.at(-1)).toBe('0/40');
    expect(rows(table)['1.1.0']?.at(-1)).toBe('12/12');
  });
});
