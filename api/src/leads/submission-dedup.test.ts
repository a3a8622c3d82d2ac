/** One lead per submission: the same entries within the window claim once, in memory and in Redis. */
import { randomUUID } from 'node:crypto';
import type { ContactSubmission } from '@cardlift/contracts';
import { memoryDedup, submissionDedup, submissionKey, type SubmissionDedup } from './submission-dedup';

const lead: ContactSubmission = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  jobTitle: 'CTO',
  company: 'Compilers Inc',
  businessHelp: 'other',
  agreeToUpdates: false,
};

async function claimsOnce(dedup: SubmissionDedup, key: string) {
  expect(await dedup.claim(key)).toBe(true);
  expect(await dedup.claim(key)).toBe(false);
  // A lead that could not be stored frees its entries for the next try.
  await dedup.release(key);
  expect(await dedup.claim(key)).toBe(true);
}

describe('submission dedup', () => {
  it('keys entries as a person compares them: case and runs of spaces aside, any other change is new', () => {
    const key = submissionKey(lead);
    expect(submissionKey({ ...lead, email: 'Grace@Example.COM', company: 'Compilers  inc' })).toBe(key);
    expect(submissionKey({ ...lead, businessHelp: 'demo-request' })).not.toBe(key);
    expect(submissionKey({ ...lead, agreeToUpdates: true })).not.toBe(key);
  });

  it('claims a key once in memory', () => claimsOnce(memoryDedup(), submissionKey(lead)));

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)('claims a key once for every instance in Redis (skipped without TEST_REDIS_URL)', async () => {
    const prefix = `test-${randomUUID()}`;
    const [a, b] = [submissionDedup({ url: redisUrl, keyPrefix: prefix }), submissionDedup({ url: redisUrl, keyPrefix: prefix })];
    try {
      const key = submissionKey(lead);
      expect(await a.claim(key)).toBe(true);
      expect(await b.claim(key)).toBe(false);
      await a.release(key);
      await claimsOnce(b, key);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('takes the lead when Redis cannot answer', async () => {
    const dedup = submissionDedup({ url: 'redis://127.0.0.1:9', keyPrefix: 'down' });
    try {
      expect(await dedup.claim('k')).toBe(true);
      expect(await dedup.claim('k')).toBe(true);
    } finally {
      await dedup.close();
    }
  });
});
