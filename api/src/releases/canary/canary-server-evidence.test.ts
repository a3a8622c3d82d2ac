/**
 * What one client, or two networks, can no longer make the guard decide, on SQLite and PostgreSQL,
 * each beside honest traffic from 30 clients a side: leads are the lead store's (joined to the view
 * that posted them), timings and the baseline are held per client, and no hold lasts past
 * CANARY_MAX_HOLD without a report. A genuinely broken form still rolls the canary back.
 */
import request from 'supertest';
import type { App } from '../../app';
import { canaryAt, contacts, remote, TOKEN } from '../../../test/canary-running';
import { within } from '../../../test/release-webhook';
import { rumRow } from '../../../test/rum-rows';
import { visit, visitors } from '../../../test/rum-visits';
import { bucketOf } from '../../rum/histogram';
import { UNKNOWN_ROUTE } from '../../rum/rum-aggregator';
import { openRumStore } from '../../rum/rum-store';
import type { AppConfig } from '../../app-config';
import { describeEachDatabase } from '../../../test/databases';

const METRICS_TOKEN = 'metrics-token';
const METRICS_HASH = 'eb5a63e42b6b498364b3f10d5c3bb71cd8c7a7a9ad16524875557fa2e52f5d41';

/** What the guard last concluded, as the health endpoint shows it, once it says `rule` (one of `rule`). */
async function guardSays(app: App, rule: string | string[]): Promise<{ action: string; rule: string; reason: string }> {
  return within(15_000, async () => {
    await app.rum.flush();
    const answer = await request(app.koa.callback()).get(`/api/releases/${remote}/health?hours=1`).set('Authorization', `Bearer ${TOKEN}`);
    const guard = answer.body.canary?.guard as { action: string; rule: string; reason: string } | undefined;
    return guard && [rule].flat().includes(guard.rule) ? guard : undefined;
  });
}

const guardLines = async (app: App) => (await (await app.registryStore()).events(remote)).filter((e) => e.actor === 'guard');

/** The guard keeps holding a while: no decision recorded, the canary where it was. */
async function keepsHolding(app: App, canary: string, share: number): Promise<void> {
  const ticks = Date.now() + 1000;
  await within(5000, () => Date.now() > ticks);
  expect(await guardLines(app)).toEqual([]);
  expect((await (await app.registryStore()).state(remote)).canary).toMatchObject({ version: canary, share });
}

/** 300 views of the current version a while before the canary starts: INP 120 ms, LCP 1.8 s, no errors. */
async function cleanBaseline(config: AppConfig, current: string): Promise<void> {
  const store = await openRumStore(config);
  const minute = Math.floor(Date.now() / 60_000) - 30;
  // On the route the reports are counted under (the test checkout's site knows no /invest page).
  const row = (metric: string, bucket: number) => ({
    ...rumRow(minute, current, metric, bucket, 300),
    device: 'desktop',
    route: UNKNOWN_ROUTE,
  });
  await store.add([row('views', 0), row('inp', bucketOf(120)), row('lcp', bucketOf(1800))]);
  await store.close();
}

describeEachDatabase('the guard judges what the server saw,', 'canary_evidence', (backend) => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('reports claiming stored leads on the current version do not roll back a healthy canary', async () => {
    const running = await canaryAt(50, await backend.env());
    app = running.app;
    // Both sides' visitors send the form alike (before the guard has views enough to judge), then browse.
    for (const version of [running.current, running.canary])
      expect(await contacts(app, { versions: { mf_invest: version }, count: 15, clients: 30 })).toEqual(Array(15).fill(201));
    for (const version of [running.current, running.canary])
      await visitors(app, { versions: { mf_invest: version }, count: 210, clients: 30 });
    // One client, three page views, each report claiming ten stored leads.
    for (let i = 0; i < 3; i++)
      await visit(app, {
        versions: { mf_invest: running.current },
        client: '192.0.2.66',
        report: { contactOutcomes: Array(10).fill('stored') },
      });
    expect(await guardSays(app, 'baking')).toMatchObject({ action: 'hold' });
    await keepsHolding(app, running.canary, 50);
  }, 120_000);

  it('a canary whose form fails rolls back on the lead store’s counts, whatever reports claim for it', async () => {
    const running = await canaryAt(50, await backend.env());
    app = running.app;
    await visitors(app, { versions: { mf_invest: running.current }, count: 210, clients: 30 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 210, clients: 30 });
    // The canary's form sends what the api refuses: no lead is stored.
    const refused = await contacts(app, { versions: { mf_invest: running.canary }, count: 15, clients: 30 }, { email: 'not an address' });
    expect(refused).toEqual(Array(15).fill(400));
    // One client claims thirty stored leads for the canary.
    for (let i = 0; i < 3; i++)
      await visit(app, {
        versions: { mf_invest: running.canary },
        client: '192.0.2.66',
        report: { contactOutcomes: Array(10).fill('stored') },
      });
    // The current version's visitors' leads are stored (the guard may act before the last of them).
    expect(await contacts(app, { versions: { mf_invest: running.current }, count: 15, clients: 30 })).toEqual(Array(15).fill(201));
    const rollback = await within(15_000, async () => (await guardLines(app!)).find((e) => e.action === 'rollback'));
    const details = JSON.parse(rollback.details!);
    expect(details).toMatchObject({ rule: 'lead-rate' });
    expect(details.figures.canary).toMatchObject({ storedLeads: 0, failedSubmits: 15 });
    expect(details.figures.current.storedLeads).toBeGreaterThan(0);
    expect(details.figures.current.failedSubmits).toBe(0);
  }, 120_000);

  it('slow timings from two networks do not roll back a healthy canary', async () => {
    const running = await canaryAt(50, await backend.env());
    app = running.app;
    await visitors(app, { versions: { mf_invest: running.current }, count: 210, clients: 30 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 210, clients: 30 });
    for (let i = 0; i < 300; i++) {
      const client = i % 2 === 0 ? `192.0.2.${i % 200}` : `198.51.100.${i % 200}`;
      await visit(app, { versions: { mf_invest: running.canary }, client, report: { metrics: { inp: 10_000, lcp: 60_000 } } });
    }
    // Healthy while baking, or held because the two networks are the difference: never a rollback.
    expect(await guardSays(app, ['baking', 'one-client'])).toMatchObject({ action: 'hold' });
    await keepsHolding(app, running.canary, 50);
  }, 180_000);

  it('one client slowing the current version does not hold a healthy canary: it steps up', async () => {
    const running = await canaryAt(10, await backend.env(), { CANARY_BAKE_MS: '0' }, cleanBaseline);
    app = running.app;
    for (let i = 0; i < 120; i++)
      await visit(app, {
        versions: { mf_invest: running.current },
        client: `192.0.2.${i}`,
        report: { metrics: { inp: 10_000, lcp: 1800 } },
      });
    await visitors(app, { versions: { mf_invest: running.current }, count: 210, clients: 30 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 210, clients: 30 });
    const step = await within(15_000, async () => (await guardLines(app!)).find((e) => e.action === 'step'));
    expect(JSON.parse(step.details!)).toMatchObject({ rule: 'healthy' });
  }, 120_000);

  it('two clients claiming errors on the current version do not keep a broken canary live', async () => {
    const running = await canaryAt(10, await backend.env(), { CANARY_BAKE_MS: '0' }, cleanBaseline);
    app = running.app;
    for (let i = 0; i < 40; i++) {
      const client = i % 2 === 0 ? '192.0.2.10' : '198.51.100.10';
      await visit(app, { versions: { mf_invest: running.current }, client, report: { errors: { mf_invest: 1 } } });
    }
    await visitors(app, { versions: { mf_invest: running.current }, count: 210, clients: 30 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 210, clients: 30, errors: 105 });
    const rollback = await within(15_000, async () => (await guardLines(app!)).find((e) => e.action === 'rollback'));
    expect(JSON.parse(rollback.details!)).toMatchObject({ rule: 'errors' });
    expect((await (await app.registryStore()).state(remote)).canary).toBeNull();
  }, 120_000);

  it('a hold ends at CANARY_MAX_HOLD: reported once, the canary left at its share for a person', async () => {
    const running = await canaryAt(10, await backend.env(), { CANARY_MAX_HOLD: '1s', METRICS_TOKEN: METRICS_HASH });
    app = running.app;
    const held = async () => {
      const answer = await request(app!.koa.callback()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      return /cardlift_canary_guard_decisions_total\{remote="mf_invest",action="hold"\} (\d+)/.exec(answer.text)?.[1];
    };
    expect(await held()).toBe('0');
    await visitors(app, { versions: { mf_invest: running.current }, count: 30, clients: 10 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 30, clients: 10 });
    const guard = await guardSays(app, 'overdue');
    expect(guard.reason).toMatch(/^held at 10 % for over 0 min \(not-enough-views: .*\): waiting for a person to promote or roll back$/);
    await within(5000, async () => (await held()) === '1');
    const lines = await guardLines(app);
    expect(lines.map((e) => e.action)).toEqual(['hold']);
    expect(JSON.parse(lines[0]!.details!)).toMatchObject({ rule: 'overdue', share: 10 });
    // Held on, and not reported again.
    const ticks = Date.now() + 1000;
    await within(5000, () => Date.now() > ticks);
    expect((await guardLines(app)).map((e) => e.action)).toEqual(['hold']);
    expect((await (await app.registryStore()).state(remote)).canary).toMatchObject({ version: running.canary, share: 10 });
  }, 120_000);
});
