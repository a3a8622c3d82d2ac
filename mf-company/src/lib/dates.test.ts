import { formatCalendarDate, LEGAL_DATE_FORMAT } from './dates';

// Jest gives each test file a copy of process.env, so TZ cannot be switched here; the browser suite
// (e2e/company.spec.ts) renders a job page in America/Los_Angeles to prove there is no UTC shift.
describe('formatCalendarDate', () => {
  it("formats a job date as 'MMM d, yyyy'", () => {
    expect(formatCalendarDate('2025-03-01')).toBe('Mar 1, 2025');
    expect(formatCalendarDate('2024-12-25')).toBe('Dec 25, 2024');
    expect(formatCalendarDate('2024-02-29')).toBe('Feb 29, 2024');
  });

  it("formats a legal date as 'MMMM d, yyyy'", () => {
    expect(formatCalendarDate('2022-05-02', LEGAL_DATE_FORMAT)).toBe('May 2, 2022');
  });

  it('reads the string as a local calendar day, the first of a month and year included', () => {
    expect(formatCalendarDate('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatCalendarDate('2025-01-01', 'yyyy-MM-dd HH:mm')).toBe('2025-01-01 00:00');
  });
});
