/**
 * The contact limit: counted per client, in memory or in Redis; with Redis out of reach a lead is
 * still taken and one warning is logged.
 */
import Koa from 'koa';
import request from 'supertest';
import { contactLimiter, rateLimit } from './rate-limit';
import type { Logger } from '../logger';

function appWith(limit: ReturnType<typeof contactLimiter>, warnings: unknown[] = []) {
  const koa = new Koa({ proxy: true });
  const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Logger;
  koa.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      ctx.status = (error as { status?: number }).status ?? 500;
    }
  });
  koa.use(rateLimit(limit, logger));
  koa.use((ctx) => {
    ctx.status = 201;
  });
  return koa.callback();
}

const from = (server: ReturnType<typeof appWith>, ip: string) => request(server).post('/').set('X-Forwarded-For', ip);

describe('contact rate limit', () => {
  it('answers 429 with Retry-After once a client is over the limit, counting each client apart', async () => {
    const server = appWith(contactLimiter(2, { url: undefined, keyPrefix: 'test' }));
    expect((await from(server, '10.0.0.1')).status).toBe(201);
    expect((await from(server, '10.0.0.1')).status).toBe(201);
    const limited = await from(server, '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from(server, '10.0.0.2')).status).toBe(201);
  });

  it('takes submissions, with one warning, when Redis cannot be reached', async () => {
    const limit = contactLimiter(1, { url: 'redis://127.0.0.1:1', keyPrefix: 'test' });
    const warnings: unknown[] = [];
    const server = appWith(limit, warnings);
    for (let i = 0; i < 3; i++) expect((await from(server, '10.0.0.3')).status).toBe(201);
    expect(warnings).toHaveLength(1);
    await limit?.close();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)('counts in Redis when REDIS_URL is set (skipped without TEST_REDIS_URL)', async () => {
    const keyPrefix = `cardlift-test-${process.pid}-${Date.now()}`;
    const one = contactLimiter(1, { url: redisUrl, keyPrefix });
    const two = contactLimiter(1, { url: redisUrl, keyPrefix });
    await new Promise((r) => setTimeout(r, 200));
    expect((await from(appWith(one), '10.0.0.4')).status).toBe(201);
    // A second limiter on the same Redis (another api instance) sees the first one's count.
    expect((await from(appWith(two), '10.0.0.4')).status).toBe(429);
    await Promise.all([one?.close(), two?.close()]);
  });
});
