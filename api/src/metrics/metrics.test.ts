/**
 * What an operator's Prometheus reads from /metrics, parsed as Prometheus parses it: every family an
 * operator watches is there with its type and labels, and its samples say what happened.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { contactSubmission } from '../../test/contact-submission';
import { honestReport, sendReport, type Visit } from '../../test/rum-visits';
import { testApp, testConfig } from '../../test/test-app';

const METRICS_TOKEN = 'metrics-token';
const app = testApp({
  metricsTokenHash: crypto.createHash('sha256').update(METRICS_TOKEN).digest('hex'),
  rum: { ...testConfig().rum, perMinute: 0 },
});
beforeAll(() => app.start());
afterAll(() => app.close());
const server = app.koa.callback();

const visit: Visit = {
  versions: { mf_invest: '7.0.0-scraped' },
  report: { metrics: { lcp: 2000, inp: 150, cls: 0.1 }, errors: { mf_invest: 1 } },
};

async function scrape(): Promise<Map<string, PrometheusFamily>> {
  const answer = await request(server).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
  return new Map(parsePrometheusTextFormat(answer.text).map((family) => [family.name, family]));
}

const sample = (family: PrometheusFamily | undefined, labels: Record<string, string> = {}) =>
  family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));

describe('GET /metrics, parsed', () => {
  let families: Map<string, PrometheusFamily>;
  beforeAll(async () => {
    await request(server).get('/api/banners').expect(200);
    await request(server).get('/api/nothing-here').expect(404);
    await request(server).post('/api/contact').send(contactSubmission()).expect(201);
    const registry = await app.registryStore();
    // A guard decision whose notice waits: this app has no RELEASE_WEBHOOK_URL, so nothing sends it.
    const decision = { remote: 'mf_invest' as const, action: 'promote' as const, version: '7.0.0-scraped', fromVersion: null };
    const notice = JSON.stringify({ type: 'release.guard', remote: 'mf_invest', action: 'complete' });
    const events = [{ ...decision, actor: 'guard', gitSha: null, at: new Date().toISOString(), notice }];
    const release = {
      ...decision,
      state: 'released' as const,
      position: 1,
      createdAt: new Date().toISOString(),
      createdBy: 'cli',
      gitSha: null,
      rolledBackAt: null,
    };
    await registry.commit({ remote: 'mf_invest', expectedRevision: 0, current: '7.0.0-scraped', upsert: [release], events });
    await app.registry.refresh();
    for (let i = 0; i < 4; i++) await sendReport(app, await honestReport(app, visit)).expect(204);
    await app.rum.flush();
    families = await scrape();
  });

  it('counts requests by route kind and status, with a latency histogram per kind', () => {
    const requests = families.get('cardlift_http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    expect(Number(sample(requests, { kind: 'api', status: '200' })?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(sample(requests, { kind: 'api', status: '404' })?.value)).toBeGreaterThanOrEqual(1);
    expect(Number(sample(requests, { kind: 'rum', status: '204' })?.value)).toBe(4);
    const latency = families.get('cardlift_http_request_duration_seconds');
    expect(latency?.type).toBe('HISTOGRAM');
    // The parser folds a labelled histogram's label sets into one map of buckets (the counter above
    // has the per-kind counts): the buckets are there, up to +Inf, and hold the requests made.
    const buckets = latency?.metrics[0]?.buckets ?? {};
    expect(Object.keys(buckets)).toEqual(expect.arrayContaining(['0.001', '0.1', '1', '10', '+Inf']));
    expect(Number(buckets['+Inf'])).toBeGreaterThanOrEqual(1);
  });

  it("shows the render pool's queue and latency, and the render cache's hit ratio", () => {
    expect(families.get('cardlift_render_queue_depth')).toMatchObject({ type: 'GAUGE', metrics: [{ value: '0' }] });
    expect(families.get('cardlift_render_duration_seconds')?.type).toBe('HISTOGRAM');
    const ratio = Number(families.get('cardlift_render_cache_hit_ratio')?.metrics[0]?.value);
    expect(ratio).toBeGreaterThanOrEqual(0);
    expect(ratio).toBeLessThanOrEqual(1);
  });

  it("shows the outbox's backlog and age, and leads stored", () => {
    for (const name of ['cardlift_outbox_pending', 'cardlift_outbox_failed', 'cardlift_outbox_oldest_pending_age_seconds'])
      expect(families.get(name)).toMatchObject({ type: 'GAUGE', metrics: [{ value: '0' }] });
    expect(sample(families.get('cardlift_leads_total'), { outcome: 'stored' })?.value).toBe('1');
  });

  it("shows the canary guard's notices waiting for the team, and those given up on", () => {
    expect(families.get('cardlift_release_notices_pending')).toMatchObject({ type: 'GAUGE', metrics: [{ value: '1' }] });
    expect(families.get('cardlift_release_notices_failed')).toMatchObject({ type: 'GAUGE', metrics: [{ value: '0' }] });
  });

  it('shows the version each remote is served at', () => {
    expect(sample(families.get('cardlift_remote_served_version'), { remote: 'mf_invest' })).toEqual({
      labels: { remote: 'mf_invest', version: '7.0.0-scraped' },
      value: '1',
    });
  });

  it('shows p75 LCP, INP and CLS and the error rate per section version', () => {
    const version = { section: 'mf_invest', version: '7.0.0-scraped' };
    const near = (name: string, expected: number) => {
      const value = Number(sample(families.get(name), version)?.value);
      expect(value).toBeGreaterThan(expected / 1.1);
      expect(value).toBeLessThan(expected * 1.1);
    };
    near('cardlift_rum_lcp_p75_seconds', 2);
    near('cardlift_rum_inp_p75_seconds', 0.15);
    near('cardlift_rum_cls_p75', 0.1);
    expect(sample(families.get('cardlift_rum_errors_per_100_views'), version)?.value).toBe('100');
    expect(sample(families.get('cardlift_rum_views'), version)?.value).toBe('4');
  });
});
