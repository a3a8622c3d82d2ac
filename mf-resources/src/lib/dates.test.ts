import { formatBlogDate } from './dates';

describe('formatBlogDate', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("formats an ISO date as 'MMMM d, yyyy'", () => {
    expect(formatBlogDate('2025-03-07')).toBe('March 7, 2025');
    expect(formatBlogDate('2024-12-31')).toBe('December 31, 2024');
  });

  it('shows the calendar date, with no shift west of UTC', () => {
    process.env.TZ = 'America/Los_Angeles';
    expect(formatBlogDate('2025-01-01')).toBe('January 1, 2025');
  });

  it('shows an unreadable date as it is rather than "Invalid Date"', () => {
    expect(formatBlogDate('soon')).toBe('soon');
  });
});
