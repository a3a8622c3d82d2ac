/**
 * One lead per submission: a form posted without script can arrive twice (a double press, Back and
 * send again, a reload of the refused page once fixed). The same entries within the window count
 * once. Remembered in memory, or in Redis with REDIS_URL so that every api instance agrees; if Redis
 * cannot answer, the lead is taken (a duplicate is better than a lost lead).
 */
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { ContactSubmission } from '@cardlift/contracts';

export const DUPLICATE_WINDOW_SECONDS = 10 * 60;
const CONNECT_WAIT_MS = 500;

export interface SubmissionDedup {
  /** True the first time `key` is seen within the window, false for a repeat. */
  claim(key: string): Promise<boolean>;
  /** Forgets `key`, when the lead it stood for could not be stored after all. */
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The submission as a person would compare it: case and runs of spaces do not make a new lead. */
export function submissionKey(submission: ContactSubmission): string {
  const normal = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
  const { firstName, lastName, email, jobTitle, company, businessHelp, agreeToUpdates } = submission;
  const fields = [firstName, lastName, email, jobTitle, company, businessHelp].map(normal);
  return createHash('sha256')
    .update(JSON.stringify([...fields, agreeToUpdates]))
    .digest('base64url');
}

export function memoryDedup(maxEntries = 10_000): SubmissionDedup {
  const seen = new LRUCache<string, true>({ max: maxEntries, ttl: DUPLICATE_WINDOW_SECONDS * 1000 });
  return {
    async claim(key) {
      if (seen.has(key)) return false;
      seen.set(key, true);
      return true;
    },
    async release(key) {
      seen.delete(key);
    },
    close: async () => undefined,
  };
}

export function submissionDedup(store: { url: string | undefined; keyPrefix: string }): SubmissionDedup {
  if (!store.url) return memoryDedup();
  // As the rate limit's client: no offline queue, one retry, so a post never waits on a missing Redis.
  const client = new Redis(store.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 1000 });
  client.on('error', () => undefined);
  const redisKey = (key: string) => `${store.keyPrefix}:contact-form:${key}`;
  // Right after start the connection may still be opening: worth a brief wait, never a long one.
  const connected = () =>
    client.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            client.off('ready', done);
            resolve();
          };
          const timer = setTimeout(done, CONNECT_WAIT_MS);
          client.once('ready', done);
        });
  return {
    async claim(key) {
      try {
        await connected();
        return (await client.set(redisKey(key), '1', 'EX', DUPLICATE_WINDOW_SECONDS, 'NX')) === 'OK';
      } catch {
        return true;
      }
    },
    async release(key) {
      await client.del(redisKey(key)).catch(() => undefined);
    },
    close: async () => void client.disconnect(),
  };
}
