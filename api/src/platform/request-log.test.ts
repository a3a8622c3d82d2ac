/**
 * The request log tells the truth: each line carries the status the client was sent, on every
 * error path of the real app, and an unexpected error's line has its stack and who asked, never
 * the request body.
 */
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import Koa from 'koa';
import request from 'supertest';
import { addAccount } from '../../test/editor-people';
import { testApp } from '../../test/test-app';
import { loadPlatformConfig } from './config';
import { errorHandler } from './error-handler';
import { AppError } from './errors';
import { createLogger } from './logger';
import { requestContext } from './request-id';

const sha = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const TOKEN = 'invest-token';
const OTHER = 'company-token';
const CONTENT = 'content-token';

/** A logger writing JSON lines into an array. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

const { logger, lines } = capturingLogger();
const app = testApp(
  {
    contactRateLimit: 1,
    metricsTokenHash: sha('metrics'),
    releaseTokenHashes: { mf_invest: sha(TOKEN), mf_company: sha(OTHER) },
    releaseLimits: { ...loadPlatformConfig({}).releaseLimits, uploadBytes: 2000 },
    contentTokens: [{ name: 'CONTENT_TOKEN_SCRIPT', hash: sha(CONTENT), role: 'publisher' }],
    logLevel: 'info',
  },
  { logger },
);
const server = app.koa.callback();
beforeAll(() => app.start(), 60_000);
afterAll(() => app.close());

/** The status of the request log line of the last request to `path`. */
function loggedStatus(method: string, path: string): unknown {
  const line = lines.filter((l) => l.msg === 'request' && l.method === method && l.path === path).at(-1);
  return line?.status;
}

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

describe('request log', () => {
  it.each([
    [400, () => request(server).post('/api/contact').set('Content-Type', 'application/json').send('{not json'), 'POST', '/api/contact'],
    [401, () => request(server).get('/metrics'), 'GET', '/metrics'],
    [403, () => request(server).get('/api/releases/mf_invest').set(bearer(OTHER)), 'GET', '/api/releases/mf_invest'],
    [404, () => request(server).get('/api/nothing-here'), 'GET', '/api/nothing-here'],
    [
      409,
      () => request(server).post('/api/releases/mf_invest/rollback').set(bearer(TOKEN)).send({}),
      'POST',
      '/api/releases/mf_invest/rollback',
    ],
    [
      413,
      () =>
        request(server).post('/api/releases/mf_invest').set(bearer(TOKEN)).set('Content-Type', 'application/gzip').send(Buffer.alloc(5000)),
      'POST',
      '/api/releases/mf_invest',
    ],
    [
      415,
      () => request(server).post('/api/releases/mf_invest').set(bearer(TOKEN)).set('Content-Type', 'text/plain').send('hello'),
      'POST',
      '/api/releases/mf_invest',
    ],
  ])('logs %i as sent', async (status, send, method, path) => {
    const res = await send();
    expect(res.status).toBe(status);
    expect(loggedStatus(method, path)).toBe(status);
  });

  it('logs 422, 428, 429 and 503 as sent', async () => {
    const notARemote = await request(server)
      .post('/api/releases/mf_invest/promote')
      .set(bearer(TOKEN))
      .send({ version: 'no-such-version' });
    expect([404, 422]).toContain(notARemote.status);
    expect(loggedStatus('POST', '/api/releases/mf_invest/promote')).toBe(notARemote.status);

    // A content write that names no base revision.
    const unconditional = await request(server).put('/api/content/blog/a-post').set(bearer(CONTENT)).send({});
    expect(unconditional.status).toBe(428);
    expect(loggedStatus('PUT', '/api/content/blog/a-post')).toBe(428);

    // Sign-in failures past the free ones wait (429), from this address, for this account.
    await addAccount(app, 'lee@example.com', 'editor');
    const signIn = (password: string) => request(server).post('/api/editor/session').send({ email: 'lee@example.com', password });
    let last = 0;
    for (let i = 0; i < 6; i += 1) last = (await signIn(`wrong ${i}`)).status;
    expect(last).toBe(429);
    expect(loggedStatus('POST', '/api/editor/session')).toBe(429);

    const lead = { name: 'Ann', email: 'ann@example.com', company: 'Acme', message: 'Hello there, we would like a demo.' };
    // The limit is one post a minute: the second at the latest is refused.
    await request(server).post('/api/contact').send(lead);
    expect((await request(server).post('/api/contact').send(lead)).status).toBe(429);
    expect(loggedStatus('POST', '/api/contact')).toBe(429);

    app.lifecycle.shuttingDown = true;
    try {
      expect((await request(server).get('/api/ready')).status).toBe(503);
      expect(loggedStatus('GET', '/api/ready')).toBe(503);
    } finally {
      app.lifecycle.shuttingDown = false;
    }
  });
});

describe('request log client address', () => {
  it('names the client as the trusted proxies resolve it: the connection, or the address the last trusted hop saw', async () => {
    await request(server).get('/api/health').set('X-Forwarded-For', '203.0.113.9').expect(200);
    // TRUST_PROXY_HOPS is 0 here: a client cannot pick its own logged address by header.
    const line = lines.filter((l) => l.msg === 'request' && l.path === '/api/health').at(-1);
    expect(line?.client).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);

    const { logger: proxied, lines: behind } = capturingLogger();
    const koa = new Koa({ proxy: true, maxIpsCount: 1 });
    koa.use(requestContext(proxied));
    koa.use((ctx) => (ctx.body = 'ok'));
    await request(koa.callback()).get('/x').set('X-Forwarded-For', '198.51.100.7, 203.0.113.9').expect(200);
    expect(behind.find((l) => l.msg === 'request')?.client).toBe('203.0.113.9');
  });
});

describe('request log around the error handler', () => {
  /** The app's order: the request log outside the error handler, then a route that throws. */
  function throwing(error: Error) {
    const { logger: log, lines: written } = capturingLogger();
    const koa = new Koa();
    koa.use(requestContext(log));
    koa.use(errorHandler(log));
    koa.use(async (ctx) => {
      ctx.state.actor = 'RELEASE_TOKEN_MF_INVEST';
      throw error;
    });
    return { server: koa.callback(), written };
  }

  it.each([400, 401, 403, 404, 409, 413, 415, 422, 423, 428, 429, 503])('logs %i as sent', async (status) => {
    const { server: s, written } = throwing(new AppError(status, 'x', 'refused'));
    expect((await request(s).post('/x').send({ secret: 'lead body' })).status).toBe(status);
    expect(written.find((l) => l.msg === 'request')?.status).toBe(status);
  });

  it("logs an unexpected error's stack and actor, never the request body", async () => {
    const failure = Object.assign(new Error('disk on fire'), { body: 'name=Ann&email=ann@example.com' });
    const { server: s, written } = throwing(failure);
    expect((await request(s).post('/x').send('name=Ann&email=ann@example.com')).status).toBe(500);
    const line = written.find((l) => l.msg === 'request failed')!;
    expect(line.actor).toBe('RELEASE_TOKEN_MF_INVEST');
    expect((line.err as { stack: string }).stack).toMatch(/disk on fire\n\s+at /);
    expect(JSON.stringify(written)).not.toContain('ann@example.com');
    expect(written.find((l) => l.msg === 'request')).toMatchObject({ status: 500, actor: 'RELEASE_TOKEN_MF_INVEST' });
  });
});
