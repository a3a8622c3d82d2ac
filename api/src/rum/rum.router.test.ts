/**
 * Page-view reports as the api takes them (POST /api/rum), and what comes out of them: the health of
 * each version of a section (GET /api/releases/{remote}/health) and the figures on /metrics.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { HONEYPOT_FIELD, RUM_PATH, type RumReport, type VersionHealth } from '@cardlift/contracts';
import { contactSubmission } from '../../test/contact-submission';
import { createApp } from '../app';
import { loadConfig } from '../platform/config';

const RELEASE_TOKEN = 'invest-release-token';
const METRICS_TOKEN = 'metrics-token';
const sha = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

function appWith(env: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-rum-'));
  const config = loadConfig({ ...process.env, SITE_ROOT: root, DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent', ...env });
  return createApp({ config });
}

const app = appWith({ RELEASE_TOKEN_MF_INVEST: sha(RELEASE_TOKEN), METRICS_TOKEN: sha(METRICS_TOKEN), RUM_RATE_LIMIT: '0' });
const server = app.koa.callback();
beforeAll(() => app.start());
afterAll(() => app.close());

const report = (version: string, overrides: Partial<RumReport> = {}): RumReport => ({
  route: '/invest',
  section: 'mf_invest',
  versions: { shell: '1.0.0', mf_invest: version, mf_marketing: '3.1.0' },
  device: 'phone',
  connection: '4g',
  metrics: { lcp: 1800, inp: 120, cls: 0.05, fcp: 900, ttfb: 300, tti: 2100 },
  ...overrides,
});

const send = (body: unknown, headers: Record<string, string> = {}) =>
  request(server)
    .post(RUM_PATH)
    .set({ 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': BROWSER, ...headers })
    .send(typeof body === 'string' ? body : JSON.stringify(body));

const health = (remote = 'mf_invest', query = '', token = RELEASE_TOKEN) =>
  request(server).get(`/api/releases/${remote}/health${query}`).set('Authorization', `Bearer ${token}`);

const viewsOf = async (version: string) =>
  ((await health()).body as { versions: { version: string; views: number }[] }).versions.find((v) => v.version === version)?.views ?? 0;

describe('POST /api/rum', () => {
  it('keeps a valid report sent as a beacon (text/plain) or as JSON, answering 204', async () => {
    expect((await send(report('1.0.0-valid'))).status).toBe(204);
    expect((await send(report('1.0.0-valid'), { 'Content-Type': 'application/json' })).status).toBe(204);
    expect(await viewsOf('1.0.0-valid')).toBe(2);
  });

  it('answers 400 for a body that is not JSON and drops a report that breaks the schema with 204', async () => {
    const broken = await send('{"route": "/invest",');
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe('malformed_json');
    const wrong = [
      { ...report('1.0.0-bad'), section: 'mf_elsewhere' },
      { ...report('1.0.0-bad'), route: 'https://evil.example/x' },
      { ...report('1.0.0-bad'), metrics: { lcp: -5 } },
      { ...report('1.0.0-bad'), visitorId: 'abc' },
      [report('1.0.0-bad')],
    ];
    for (const body of wrong) expect((await send(body)).status).toBe(204);
    expect(await viewsOf('1.0.0-bad')).toBe(0);
  });

  it('refuses an oversized body (413) and another content type (415), keeping nothing', async () => {
    const big = report('1.0.0-big', { route: `/${'x'.repeat(150)}` }) as Record<string, unknown>;
    big.padding = 'y'.repeat(5000);
    expect((await send(big)).status).toBe(413);
    expect((await send(report('1.0.0-big'), { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await viewsOf('1.0.0-big')).toBe(0);
  });

  it("drops crawlers', lab tools' and headless browsers' reports, and those sent with Global Privacy Control", async () => {
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ];
    for (const agent of agents) expect((await send(report('1.0.0-bot'), { 'User-Agent': agent })).status).toBe(204);
    expect((await send(report('1.0.0-bot'), { 'Sec-GPC': '1' })).status).toBe(204);
    expect(await viewsOf('1.0.0-bot')).toBe(0);
  });
});

describe('GET /api/releases/{remote}/health', () => {
  it('gives each version its views, p75 figures, errors per 100 views, failed loads and form outcomes', async () => {
    const sends = [];
    for (let i = 1; i <= 4; i++) sends.push(send(report('2.0.0-old', { metrics: { lcp: 1000 * i, inp: 50 * i, cls: 0.01 * i } })));
    sends.push(send(report('2.0.0-old', { errors: { mf_invest: 1 }, contactOutcomes: ['stored', 'refused'], skewRecovered: 2 })));
    for (let i = 1; i <= 4; i++)
      sends.push(send(report('2.1.0-new', { metrics: { lcp: 4000, inp: 600, cls: 0.3 }, errors: { mf_invest: 3, shell: 1 } })));
    sends.push(
      send(
        report('2.1.0-new', {
          section: 'mf_marketing',
          versions: { mf_invest: '2.1.0-new', mf_marketing: '3.1.0' },
          remoteFailures: { mf_invest: 2 },
        }),
      ),
    );
    expect((await Promise.all(sends)).map((r) => r.status)).toEqual(Array(10).fill(204));

    const answer = await health('mf_invest', '?hours=1');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ remote: 'mf_invest', hours: 1, current: null });
    const byVersion = new Map((answer.body.versions as VersionHealth[]).map((v) => [v.version, v]));
    const old = byVersion.get('2.0.0-old');
    expect(old).toMatchObject({
      views: 5,
      current: false,
      errorsPer100: 20,
      remoteFailures: 0,
      // A tab that recovered from a deploy's removed files: counted, and not among its errors.
      skewRecovered: 2,
      formOutcomes: { stored: 1, refused: 1, failed: 0 },
    });
    const fresh = byVersion.get('2.1.0-new') as VersionHealth & { p75: Record<'lcp' | 'inp' | 'cls', number> };
    // Four views of mf_invest 2.1.0 (the marketing page's view is marketing's), 12 errors thrown by its files, 2 failed loads.
    expect(fresh).toMatchObject({ views: 4, errorsPer100: 300, remoteFailures: 2 });
    // Within one 10 % bucket of the values sent.
    expect(fresh.p75.lcp).toBeGreaterThan(4000 / 1.1);
    expect(fresh.p75.lcp).toBeLessThan(4000 * 1.1);
    expect(fresh.p75.inp).toBeGreaterThan(600 / 1.1);
    expect(fresh.p75.cls).toBeCloseTo(0.3, 1);
  });

  it("asks for the remote's release token and a window within the retention", async () => {
    expect((await request(server).get('/api/releases/mf_invest/health')).status).toBe(401);
    expect((await health('mf_invest', '', 'wrong')).status).toBe(401);
    expect((await health('mf_company')).status).toBe(404);
    expect((await health('mf_invest', '?hours=0')).status).toBe(400);
    expect((await health('mf_invest', '?hours=100000')).status).toBe(400);
  });
});

/** Every line a comment (# HELP / # TYPE) or a sample `name{label="value",...} number`. */
const PROMETHEUS_LINE =
  /^(?:# (?:HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*|[a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (?:[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|Inf)|NaN))$/;

describe('GET /metrics', () => {
  it('answers the Prometheus text format to the holder of the metrics token', async () => {
    await send(report('4.0.0-metrics'));
    await request(server).get('/api/nothing-here');
    // One lead stored; a filled honeypot is answered alike but is no lead, and is not counted.
    await request(server).post('/api/contact').send(contactSubmission()).expect(201);
    await request(server)
      .post('/api/contact')
      .send({ ...contactSubmission({ email: 'bot@example.com' }), [HONEYPOT_FIELD]: 'spam' })
      .expect(201);
    await app.rum.flush();
    const answer = await request(server).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const lines = (answer.text as string).split('\n').filter(Boolean);
    expect(lines.filter((line) => !PROMETHEUS_LINE.test(line))).toEqual([]);
    expect(lines).toContainEqual(expect.stringMatching(/^cardlift_http_requests_total\{kind="rum",status="204"\} \d+/));
    expect(lines).toContainEqual(expect.stringMatching(/^cardlift_http_requests_total\{kind="api",status="404"\} \d+/));
    expect(lines).toContainEqual(expect.stringMatching(/^cardlift_rum_reports_total\{outcome="bot"\} [1-9]/));
    const lcp = Number(
      lines.find((l) => l.startsWith('cardlift_rum_lcp_p75_seconds{section="mf_invest",version="4.0.0-metrics"}'))?.split(' ')[1],
    );
    expect(lcp).toBeGreaterThan(1.8 / 1.1);
    expect(lcp).toBeLessThan(1.8 * 1.1);
    expect(lines).toContain('cardlift_leads_total{outcome="stored"} 1');
    expect(lines).toContain('cardlift_outbox_pending 0');
    expect(lines).toContainEqual(expect.stringMatching(/^cardlift_render_queue_depth \d+$/));
  });

  it('answers 401 without the token or with a wrong one', async () => {
    expect((await request(server).get('/metrics')).status).toBe(401);
    expect((await request(server).get('/metrics').set('Authorization', 'Bearer guess')).status).toBe(401);
  });

  it('answers 404 where no metrics token is configured', async () => {
    const closed = appWith({});
    await closed.start();
    try {
      expect((await request(closed.koa.callback()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});

describe('the per-client limit on reports', () => {
  it('keeps no more than RUM_RATE_LIMIT reports a minute from one address', async () => {
    const limited = appWith({ RUM_RATE_LIMIT: '3', RELEASE_TOKEN_MF_INVEST: sha(RELEASE_TOKEN) });
    await limited.start();
    try {
      const target = limited.koa.callback();
      for (let i = 0; i < 6; i++)
        expect(
          (
            await request(target)
              .post(RUM_PATH)
              .set({ 'Content-Type': 'text/plain', 'User-Agent': BROWSER })
              .send(JSON.stringify(report('5.0.0-limited')))
          ).status,
        ).toBe(204);
      const answer = await request(target).get('/api/releases/mf_invest/health').set('Authorization', `Bearer ${RELEASE_TOKEN}`);
      expect(answer.body.versions.find((v: { version: string }) => v.version === '5.0.0-limited')?.views).toBe(3);
    } finally {
      await limited.close();
    }
  });
});
