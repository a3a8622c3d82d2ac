import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { formatBlogDate } from './dates';

/**
 * Formats in a fresh Node process whose zone is `tz`: setting TZ inside Jest changes nothing once the
 * process has read its zone, so the zone must be the child's from its start.
 * (The module loads as CommonJS there, so its exports may sit under `default`.)
 */
function formatIn(tz: string, isoDate: string): string {
  const script = `import(${JSON.stringify(path.join(__dirname, 'dates.ts'))}).then((m) => process.stdout.write((m.formatBlogDate ?? m.default.formatBlogDate)(${JSON.stringify(isoDate)})))`;
  return execFileSync(process.execPath, ['--import', 'tsx', '--eval', script], { env: { ...process.env, TZ: tz }, encoding: 'utf8' });
}

describe('formatBlogDate', () => {
  it("formats an ISO date as 'MMMM d, yyyy'", () => {
    expect(formatBlogDate('2025-03-07')).toBe('March 7, 2025');
    expect(formatBlogDate('2024-12-31')).toBe('December 31, 2024');
  });

  it('shows the calendar date, with no shift west of UTC', () => {
    expect(formatIn('America/Los_Angeles', '2025-01-01')).toBe('January 1, 2025');
    // The child really runs west of UTC: a date read as UTC midnight shows the day before there.
    expect(
      execFileSync(process.execPath, ['-e', "process.stdout.write(String(new Date('2025-01-01').getDate()))"], {
        env: { ...process.env, TZ: 'America/Los_Angeles' },
        encoding: 'utf8',
      }),
    ).toBe('31');
  });

  it('shows the calendar date east of UTC too', () => {
    expect(formatIn('Pacific/Auckland', '2024-12-31')).toBe('December 31, 2024');
  });

  it('shows an unreadable date as it is rather than "Invalid Date"', () => {
    expect(formatBlogDate('soon')).toBe('soon');
  });
});
