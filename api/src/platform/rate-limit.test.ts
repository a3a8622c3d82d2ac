/**
 * The contact limit: counted per client, in memory or in Redis; with Redis out of reach a lead is
 * still taken and one warning is logged. Who "the client" is behind proxies, through the whole app.
 */
import Koa from 'koa';
import request from 'supertest';
import { contactLimiter, memoryLimiter, rateLimit, WINDOW_SECONDS } from './rate-limit';
import type { Logger } from './logger';
import { testApp } from '../../test/test-app';
import type { App } from '../app';
import { contactSubmission } from '../../test/contact-submission';

const store = (url: string | undefined, keyPrefix = 'test') => ({ url, keyPrefix, maxClients: 1000 });

function appWith(limit: ReturnType<typeof contactLimiter>, warnings: unknown[] = []) {
  // One trusted proxy: the rightmost X-Forwarded-For entry names the client in these tests.
  const koa = new Koa({ proxy: true, maxIpsCount: 1 });
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
    const server = appWith(contactLimiter(2, store(undefined)));
    expect((await from(server, '10.0.0.1')).status).toBe(201);
    expect((await from(server, '10.0.0.1')).status).toBe(201);
    const limited = await from(server, '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from(server, '10.0.0.2')).status).toBe(201);
  });

  it('takes submissions, with one warning, when Redis cannot be reached', async () => {
    const limit = contactLimiter(1, store('redis://127.0.0.1:1'));
    const warnings: unknown[] = [];
    const server = appWith(limit, warnings);
    for (let i = 0; i < 3; i++) expect((await from(server, '10.0.0.3')).status).toBe(201);
    expect(warnings).toHaveLength(1);
    await limit?.close();
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  (redisUrl ? it : it.skip)('counts in Redis when REDIS_URL is set (skipped without TEST_REDIS_URL)', async () => {
    const keyPrefix = `cardlift-test-${process.pid}-${Date.now()}`;
    const one = contactLimiter(1, store(redisUrl, keyPrefix));
    const two = contactLimiter(1, store(redisUrl, keyPrefix));
    await new Promise((r) => setTimeout(r, 200));
    expect((await from(appWith(one), '10.0.0.4')).status).toBe(201);
    // A second limiter on the same Redis (another api instance) sees the first one's count.
    expect((await from(appWith(two), '10.0.0.4')).status).toBe(429);
    await Promise.all([one?.close(), two?.close()]);
  });

  it('opens a new window a minute after the first submission, not before', async () => {
    let now = 1_000_000;
    const server = appWith(contactLimiter(2, { ...store(undefined), now: () => now }));
    expect((await from(server, '10.0.0.5')).status).toBe(201);
    expect((await from(server, '10.0.0.5')).status).toBe(201);
    now += WINDOW_SECONDS * 1000 - 1;
    const limited = await from(server, '10.0.0.5');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('1');
    now += 1;
    expect((await from(server, '10.0.0.5')).status).toBe(201);
  });

  it('remembers a bounded number of clients however many addresses arrive', async () => {
    const limit = memoryLimiter(1, 500);
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) await limit.consume(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`);
    const ms = performance.now() - started;
    expect(limit.size?.()).toBe(500);
    // The most recent client is still counted: its second submission in the window is refused.
    await expect(limit.consume('10.0.78.31')).rejects.toMatchObject({ msBeforeNext: expect.any(Number) });
    expect(ms).toBeLessThan(2000);
  });
});

describe('the client address behind proxies (TRUST_PROXY_HOPS), through the whole app', () => {
  const lead = contactSubmission();
  const apps: App[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const site = (trustProxyHops: number, trustProxyFrom?: string[]) => {
    const a = testApp({ contactRateLimit: 2, trustProxyHops, trustProxyFrom });
    apps.push(a);
    const server = a.koa.callback();
    return (forwardedFor?: string) => {
      const req = request(server).post('/api/contact');
      if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
      return req.send(lead).then((res) => res.status);
    };
  };

  it('with no trusted proxy (the default), X-Forwarded-For is ignored: a client cannot pick another address', async () => {
    const post = site(0);
    expect([await post('1.1.1.1'), await post('2.2.2.2'), await post('3.3.3.3'), await post()]).toEqual([201, 201, 429, 429]);
  });

  it('behind one proxy, the client is the rightmost entry: changing the leftmost one does not reset the count', async () => {
    const post = site(1);
    expect(await post('6.6.6.1, 203.0.113.7')).toBe(201);
    expect(await post('6.6.6.2, 203.0.113.7')).toBe(201);
    expect(await post('6.6.6.3, 203.0.113.7')).toBe(429);
    // Another client behind the same proxy has its own count.
    expect(await post('6.6.6.3, 203.0.113.8')).toBe(201);
  });

  it('behind two proxies, the client is the second entry from the right', async () => {
    const post = site(2, ['127.0.0.1', '10.0.0.0/8']);
    expect(await post('9.9.9.1, 198.51.100.4, 10.0.0.1')).toBe(201);
    expect(await post('9.9.9.2, 198.51.100.4, 10.0.0.2')).toBe(201);
    expect(await post('198.51.100.4, 10.0.0.3')).toBe(429);
  });

  it('an IPv6 client is its /64: rotating addresses within it shares one count, another /64 has its own', async () => {
    const post = site(1);
    expect([await post('2001:db8:1:2::a'), await post('2001:db8:1:2:ffff::b'), await post('2001:db8:1:2:0:1:2:3')]).toEqual([
      201, 201, 429,
    ]);
    expect(await post('2001:db8:1:3::a')).toBe(201);
  });

  it('from an address that is not a proxy, every invented X-Forwarded-For is the same client', async () => {
    const post = site(1, ['10.0.0.0/8']);
    expect([await post('1.1.1.1'), await post('2.2.2.2'), await post('3.3.3.3')]).toEqual([201, 201, 429]);
  });
});
