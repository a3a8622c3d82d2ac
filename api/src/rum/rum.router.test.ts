/**
 * Page-view reports as the api takes them (POST /api/rum, with a page-view token from RUM_VIEW_PATH),
 * the limits on them, and the figures on /metrics: reports are counted only for page views the site
 * served, from its own pages, once each, under versions the site knows. The health of each version
 * of a section (GET /api/releases/{remote}/health) is rum-health.router.test.ts.
 */
import request from 'supertest';
import { HONEYPOT_FIELD, RUM_VIEW_PATH, type VersionHealth } from '@cardlift/contracts';
import { contactSubmission } from '../../test/contact-submission';
import { BROWSER, honestReport, sendReport } from '../../test/rum-visits';
import type { App } from '../app';
import { appWith, METRICS_TOKEN, page, RELEASE_TOKEN, rumRequests, sha } from './rum-router-fixtures';
import { PageViewTokens } from './page-view-tokens';

let app: App;
let server: ReturnType<App['koa']['callback']>;
let v1: string;
let v2: string;
beforeAll(async () => {
  ({ app, v1, v2 } = await appWith({ METRICS_TOKEN: sha(METRICS_TOKEN), RUM_RATE_LIMIT: '0' }));
  server = app.koa.callback();
}, 30_000);
afterAll(() => app.close());

const { health, viewsOf, outcomes } = rumRequests(() => app);

describe('POST /api/rum', () => {
  it('keeps a report with a page-view token, sent as a beacon (text/plain) or as JSON, answering 204', async () => {
    const before = await viewsOf(v1);
    expect((await sendReport(app, await honestReport(app, page(v1)))).status).toBe(204);
    expect((await sendReport(app, await honestReport(app, page(v1)), undefined, { 'Content-Type': 'application/json' })).status).toBe(204);
    expect((await viewsOf(v1)) - before).toBe(2);
  });

  it('answers 400 for a body that is not JSON and drops a report that breaks the schema with 204', async () => {
    const broken = await sendReport(app, '{"route": "/invest",');
    expect(broken.status).toBe(400);
    const before = await viewsOf(v1);
    const valid = await honestReport(app, page(v1));
    const wrong = [
      { ...valid, section: 'mf_elsewhere' },
      { ...valid, route: 'https://evil.example/x' },
      { ...valid, metrics: { lcp: -5 } },
      { ...valid, visitorId: 'abc' },
    ];
    for (const body of wrong) expect((await sendReport(app, body)).status).toBe(204);
    expect(await viewsOf(v1)).toBe(before);
  });

  it('refuses an oversized body (413) and another content type (415), keeping nothing', async () => {
    const big = { ...(await honestReport(app, page(v1))), padding: 'y'.repeat(5000) };
    expect((await sendReport(app, big)).status).toBe(413);
    const before = await viewsOf(v1);
    expect(
      (await sendReport(app, await honestReport(app, page(v1)), undefined, { 'Content-Type': 'application/x-www-form-urlencoded' })).status,
    ).toBe(415);
    expect(await viewsOf(v1)).toBe(before);
  });

  it("drops crawlers', lab tools' and headless browsers' reports, and those sent with Global Privacy Control", async () => {
    const before = await viewsOf(v1);
    const agents = [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      'curl/8.5.0',
      '',
    ];
    for (const agent of agents)
      expect((await sendReport(app, await honestReport(app, page(v1)), undefined, { 'User-Agent': agent })).status).toBe(204);
    expect((await sendReport(app, await honestReport(app, page(v1)), undefined, { 'Sec-GPC': '1' })).status).toBe(204);
    expect(await viewsOf(v1)).toBe(before);
  });
});

describe('only page views the site served count', () => {
  it('drops a report with no token or a made-up one, counted as unsigned', async () => {
    const before = { views: await viewsOf(v1), unsigned: (await outcomes()).unsigned ?? 0 };
    const honest = await honestReport(app, page(v1));
    const { view, ...unsigned } = honest;
    const [payload] = view.split('.');
    for (const body of [unsigned, { ...honest, view: `${payload}.forgedsignature00000000` }, { ...honest, view: 'abc.def' }])
      expect((await sendReport(app, body)).status).toBe(204);
    expect(await viewsOf(v1)).toBe(before.views);
    expect((await outcomes()).unsigned).toBe(before.unsigned + 2);
  });

  it('drops a report whose token is for version A when it names version B, or another page', async () => {
    const before = { v1: await viewsOf(v1), v2: await viewsOf(v2) };
    const forA = await honestReport(app, page(v1));
    for (const body of [
      { ...forA, versions: { mf_invest: v2 } },
      { ...forA, route: '/' },
      { ...forA, section: 'mf_marketing' },
      { ...forA, errors: { mf_company: 1 } },
    ])
      expect((await sendReport(app, body)).status).toBe(204);
    expect(await viewsOf(v1)).toBe(before.v1);
    expect(await viewsOf(v2)).toBe(before.v2);
    expect((await outcomes()).mismatch).toBeGreaterThanOrEqual(4);
  });

  it('counts a page view once, however often its report is replayed', async () => {
    const before = await viewsOf(v1);
    const report = await honestReport(app, page(v1));
    for (let i = 0; i < 5; i++) expect((await sendReport(app, report, `192.0.2.${i}`)).status).toBe(204);
    expect((await viewsOf(v1)) - before).toBe(1);
    expect((await outcomes()).replayed).toBeGreaterThanOrEqual(4);
  });

  it('drops a report whose token is older than RUM_TOKEN_MAX_AGE_HOURS', async () => {
    const key = await app.sharedSecret('rum-token', () => 'never used: the key exists');
    const fiveHoursAgo = new PageViewTokens(key, 4 * 3_600_000, () => Date.now() - 5 * 3_600_000);
    const old = fiveHoursAgo.view({ section: 'mf_invest', route: '/invest', versions: { mf_invest: v1 } }, 'client');
    const before = { views: await viewsOf(v1), expired: (await outcomes()).expired ?? 0 };
    expect((await sendReport(app, { ...(await honestReport(app, page(v1))), view: old })).status).toBe(204);
    expect(await viewsOf(v1)).toBe(before.views);
    expect((await outcomes()).expired).toBe(before.expired + 1);
  });

  it('drops a signed report of a version the registry does not know', async () => {
    const report = await honestReport(app, page('9.9.9-unknown'));
    expect((await sendReport(app, report)).status).toBe(204);
    await app.rum.flush();
    expect(((await health()).body.versions as VersionHealth[]).map((v) => v.version)).not.toContain('9.9.9-unknown');
    expect((await outcomes()).unknown_version).toBeGreaterThanOrEqual(1);
  });

  it("refuses what another site's page makes a browser send, and takes a browser that says neither", async () => {
    const before = await viewsOf(v1);
    const report = await honestReport(app, page(v1));
    const senders: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': '', Origin: 'https://evil.example' },
    ];
    for (const sender of senders) expect((await sendReport(app, report, undefined, sender)).status).toBe(403);
    const exchange = await request(server)
      .post(RUM_VIEW_PATH)
      .set({ 'User-Agent': BROWSER, 'Sec-Fetch-Site': 'cross-site' })
      .send({ token: 'a.b', route: '/invest', section: 'mf_invest', versions: {} });
    expect(exchange.status).toBe(403);
    expect(await viewsOf(v1)).toBe(before);
    // An old browser sends neither header: the token alone decides.
    expect((await sendReport(app, report, undefined, { 'Sec-Fetch-Site': '' })).status).toBe(204);
    expect((await viewsOf(v1)) - before).toBe(1);
  });

  it("refuses a page token that is not the api's, or not for the page it is sent with (403)", async () => {
    const token = app.rumPageToken({ section: 'mf_invest', route: '/invest' }, [{ name: 'mf_invest', entry: '', version: v1 }])!;
    const ask = (body: object) =>
      request(server).post(RUM_VIEW_PATH).set({ 'User-Agent': BROWSER, 'Sec-Fetch-Site': 'same-origin' }).send(body);
    expect((await ask({ token, route: '/invest', section: 'mf_invest', versions: { mf_invest: v1 } })).status).toBe(200);
    expect((await ask({ token, route: '/invest', section: 'mf_invest', versions: { mf_invest: v2 } })).status).toBe(403);
    expect((await ask({ token: `${token}x`, route: '/invest', section: 'mf_invest', versions: { mf_invest: v1 } })).status).toBe(403);
    expect((await ask({ token, route: '/invest' })).status).toBe(400);
  });
});

/** Every line a comment (# HELP / # TYPE) or a sample `name{label="value",...} number`. */
const PROMETHEUS_LINE =
  /^(?:# (?:HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*|[a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (?:[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|Inf)|NaN))$/;

describe('GET /metrics', () => {
  it('answers the Prometheus text format to the holder of the metrics token', async () => {
    await sendReport(app, await honestReport(app, page(v2, { metrics: { lcp: 1800 } })));
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
    // Every outcome is there from the start, at 0 when nothing came of it.
    expect(lines).toContainEqual(expect.stringMatching(/^cardlift_rum_reports_total\{outcome="unknown_version"\} \d+/));
    const lcp = Number(lines.find((l) => l.startsWith(`cardlift_rum_lcp_p75_seconds{section="mf_invest",version="${v2}"}`))?.split(' ')[1]);
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
    const { app: closed } = await appWith({});
    try {
      expect((await request(closed.koa.callback()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});

describe('the per-client limit on reports', () => {
  it('keeps no more than RUM_RATE_LIMIT reports a minute from one address', async () => {
    const limited = await appWith({ RUM_RATE_LIMIT: '3' });
    try {
      // Page-view tokens from three addresses (each within its limit), reports from one.
      const reports = [];
      for (let i = 0; i < 6; i++) reports.push(await honestReport(limited.app, { ...page(limited.v1), client: `192.0.2.${i}` }));
      for (const report of reports) expect((await sendReport(limited.app, report, '198.51.100.99')).status).toBe(204);
      await limited.app.rum.flush();
      const answer = await request(limited.app.koa.callback())
        .get('/api/releases/mf_invest/health')
        .set('Authorization', `Bearer ${RELEASE_TOKEN}`);
      expect(answer.body.versions.find((v: { version: string }) => v.version === limited.v1)?.views).toBe(3);
    } finally {
      await limited.app.close();
    }
  });
});
