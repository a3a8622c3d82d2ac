import { isJobOpen } from './content-rules';

describe('isJobOpen', () => {
  const job = { validThrough: '2027-02-28' };

  it('keeps a posting open through the whole of its validThrough day (UTC)', () => {
    expect(isJobOpen(job, new Date('2026-11-22T12:00:00Z'))).toBe(true);
    expect(isJobOpen(job, new Date('2027-02-28T23:59:59Z'))).toBe(true);
  });

  it('closes it the next day', () => {
    expect(isJobOpen(job, new Date('2027-03-01T00:00:00Z'))).toBe(false);
    expect(isJobOpen(job, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });

  it('keeps a posting without validThrough open', () => {
    expect(isJobOpen({}, new Date('2100-01-01T00:00:00Z'))).toBe(true);
  });
});
