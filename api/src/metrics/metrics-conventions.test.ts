/**
 * /metrics by Prometheus' conventions, read from a fresh instance before anything happened: Node's
 * default series under their usual names, a build_info, every counter named `_total` and present at
 * 0, the canary share and scheduled-promotion series; and the alert rules and dashboard that ship
 * (deploy/) pass `promtool check rules` and name only series /metrics has.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { REPO_ROOT } from '../platform/config';
import { writeFixtureSite } from '../../test/fixture-builds';
import { testApp } from '../../test/test-app';

const TOKEN = 'metrics-token';
// Every section served (stand-in builds), so the per-section series have their labels whether or not
// the checkout's front ends are built.
const app = testApp({ siteRoot: writeFixtureSite(), metricsTokenHash: crypto.createHash('sha256').update(TOKEN).digest('hex') });
beforeAll(() => app.start());
afterAll(() => app.close());

const RULES = path.join(REPO_ROOT, 'deploy', 'prometheus', 'alerts.yml');
const DASHBOARD = path.join(REPO_ROOT, 'deploy', 'grafana', 'cardlift-site.json');

let families: Map<string, PrometheusFamily>;
beforeAll(async () => {
  const answer = await request(app.koa.callback()).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
  families = new Map(parsePrometheusTextFormat(answer.text).map((family) => [family.name, family]));
});

/** The metric names a PromQL text uses (the site's and Node's; `time()` and the like are functions). */
const seriesNamed = (text: string) => new Set(text.match(/\b(?:cardlift|process|nodejs)_[a-z0-9_]+/g) ?? []);
/** A histogram's series are its family's name plus _bucket, _sum or _count. */
const familyOf = (series: string) => (families.has(series) ? series : series.replace(/_(bucket|sum|count)$/, ''));

describe('/metrics conventions', () => {
  it("names Node's default series as stock dashboards expect, unprefixed", () => {
    expect(families.get('process_cpu_user_seconds_total')?.type).toBe('COUNTER');
    expect(families.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
    expect([...families.keys()].filter((name) => /^cardlift_(process|nodejs)_/.test(name))).toEqual([]);
  });

  it('has a build_info of value 1 naming the version, the shell build, Node and the commit', () => {
    const info = families.get('cardlift_build_info')?.metrics[0];
    expect(info?.value).toBe('1');
    expect(info?.labels).toEqual({
      version: expect.any(String),
      shell: expect.any(String),
      node: process.version,
      commit: expect.any(String),
    });
  });

  it('names every counter _total and shows each from the start, at 0', () => {
    const counters = [...families.values()].filter((f) => f.type === 'COUNTER');
    expect(counters.filter((f) => !f.name.endsWith('_total')).map((f) => f.name)).toEqual([]);
    const site = counters.filter((f) => f.name.startsWith('cardlift_'));
    expect(site.map((f) => f.name).sort()).toEqual([
      'cardlift_builds_deleted_total',
      'cardlift_canary_guard_decisions_total',
      'cardlift_experiment_events_total',
      'cardlift_http_requests_total',
      'cardlift_leads_total',
      'cardlift_render_cache_total',
      'cardlift_rum_buffer_dropped_total',
      'cardlift_rum_reports_total',
      'cardlift_section_render_failures_total',
    ]);
    for (const family of site) expect([family.name, family.metrics.length > 0]).toEqual([family.name, true]);
    const leads = families.get('cardlift_leads_total')!.metrics;
    expect(leads.map((m) => [m.labels?.outcome, m.value])).toEqual([
      ['stored', '0'],
      ['failed', '0'],
    ]);
    // A section's render failures, at 0 for each version served, before any failure.
    for (const metric of families.get('cardlift_section_render_failures_total')!.metrics) expect(metric.value).toBe('0');
    expect(
      families
        .get('cardlift_section_render_failures_total')!
        .metrics.map((m) => m.labels?.remote)
        .sort(),
    ).toEqual(['mf_company', 'mf_invest', 'mf_marketing', 'mf_resources']);
    expect(families.get('cardlift_canary_guard_decisions_total')!.metrics).toContainEqual({
      labels: { remote: 'mf_invest', action: 'rollback' },
      value: '0',
    });
  });

  it('has the canary share and scheduled-promotion gauges', () => {
    expect(families.get('cardlift_canary_share_percent')?.type).toBe('GAUGE');
    expect(families.get('cardlift_release_scheduled_timestamp_seconds')?.type).toBe('GAUGE');
    expect(families.get('cardlift_lead_store_writable')?.metrics[0]?.value).toBe('1');
  });

  it('ships alert rules that promtool accepts', () => {
    const check = spawnSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    if (check.error) throw new Error("promtool is missing: install Debian's prometheus package (apt-get install -y prometheus)");
    expect(check.stdout + check.stderr).toMatch(/SUCCESS: \d+ rules found/);
    expect(check.status).toBe(0);
  });

  it('alerts on and charts the cache purges still to deliver, given up on, and the age of the oldest', () => {
    const rules = fs.readFileSync(RULES, 'utf8');
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const charted = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    const backlog = ['cardlift_edge_purges_failed', 'cardlift_edge_purge_oldest_pending_age_seconds', 'cardlift_edge_purges_pending'];
    expect(backlog.filter((series) => !rules.includes(series))).toEqual([]);
    expect(backlog.filter((series) => !charted.includes(series))).toEqual([]);
  });

  it('names in its rules and its dashboard only series /metrics has', () => {
    const dashboard = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const exprs = [fs.readFileSync(RULES, 'utf8'), ...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr))];
    const named = [...new Set(exprs.flatMap((text) => [...seriesNamed(text)]))];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((series) => !families.has(familyOf(series)))).toEqual([]);
  });
});
