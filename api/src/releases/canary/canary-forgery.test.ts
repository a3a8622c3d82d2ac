/**
 * What an outsider can no longer make the guard decide, on SQLite and on PostgreSQL: every view goes
 * through the api as a browser's does (a page token, a page-view token from an address, a report), so
 * forged reports meet every check the site has. An outsider here even has real page-view tokens (they
 * loaded pages), and still cannot roll back a healthy canary, pass a broken one, or complete one alone.
 */
import request from 'supertest';
import type { App } from '../../app';
import { canaryAt, remote, TOKEN } from '../../../test/canary-running';
import { within } from '../../../test/release-webhook';
import { honestReport, sendReport, visit, visitors } from '../../../test/rum-visits';
import { describeEachDatabase } from '../../../test/databases';

/** What the guard last concluded, as the health endpoint shows it, once it has concluded something. */
async function guardSays(app: App, rule?: string): Promise<{ action: string; rule: string; reason: string }> {
  return within(15_000, async () => {
    await app.rum.flush();
    const answer = await request(app.koa.callback()).get(`/api/releases/${remote}/health?hours=1`).set('Authorization', `Bearer ${TOKEN}`);
    const guard = answer.body.canary?.guard as { action: string; rule: string; reason: string } | undefined;
    return guard && (rule === undefined || guard.rule === rule) ? guard : undefined;
  });
}

const guardLines = async (app: App) => (await (await app.registryStore()).events(remote)).filter((e) => e.actor === 'guard');

describeEachDatabase('forged measurements', 'canary_forgery', (backend) => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('one report claiming failed loads does not roll back a healthy canary with 200+ honest views a side', async () => {
    const running = await canaryAt(50, await backend.env());
    app = running.app;
    await visitors(app, { versions: { mf_invest: running.current }, count: 212, clients: 25 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 212, clients: 25 });
    expect(await guardSays(app, 'baking')).toMatchObject({ action: 'hold' });

    // Without a token: not counted at all. With one (the outsider loaded a page): one view with a failed load.
    const forged = await honestReport(app, {
      versions: { mf_invest: running.canary },
      client: '192.0.2.66',
      report: { remoteFailures: { mf_invest: 3 } },
    });
    const { view, ...unsigned } = forged;
    expect(view).toBeTruthy();
    await sendReport(app, unsigned, '192.0.2.66').expect(204);
    await sendReport(app, forged, '192.0.2.66').expect(204);
    await app.rum.flush();
    const guard = await guardSays(app);
    expect(guard).toMatchObject({ action: 'hold', rule: 'baking' });
    expect(await guardLines(app)).toEqual([]);
    expect((await (await app.registryStore()).state(remote)).canary).toMatchObject({ version: running.canary, share: 50 });
  }, 60_000);

  it('one report claiming 100 errors on the current version does not let an 18 %-error canary step up', async () => {
    const running = await canaryAt(10, await backend.env(), { CANARY_BAKE_MS: '0' });
    app = running.app;
    // The forged report first, before real traffic, claiming a hundred errors for the current version.
    await visit(app, { versions: { mf_invest: running.current }, client: '192.0.2.66', report: { errors: { mf_invest: 100 } } });
    await visitors(app, { versions: { mf_invest: running.current }, count: 224, clients: 25, errors: 2 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 224, clients: 25, errors: 42 });
    const guard = await within(15_000, async () => (await guardLines(app!)).find((e) => e.version === running.current));
    expect(guard).toMatchObject({ action: 'rollback', version: running.current, fromVersion: running.canary });
    expect(JSON.parse(guard.details!)).toMatchObject({ rule: 'errors' });
    expect((await guardLines(app)).map((e) => e.action)).toEqual(['rollback']);
  }, 60_000);

  it('40 forged reports from 2 addresses cannot complete a broken canary', async () => {
    const running = await canaryAt(10, await backend.env(), { CANARY_BAKE_MS: '0', CANARY_MIN_VIEWS: '20' });
    app = running.app;
    // The few real visitors of the canary see it fail.
    await visitors(app, { versions: { mf_invest: running.canary }, count: 4, clients: 4, errors: 4 });
    // The outsider sends healthy views of both versions from two addresses, with real page-view tokens.
    for (let i = 0; i < 40; i++) {
      const client = i % 2 === 0 ? '192.0.2.10' : '198.51.100.10';
      await visit(app, { versions: { mf_invest: i % 4 < 2 ? running.canary : running.current }, client });
    }
    expect(await guardSays(app)).toMatchObject({ action: 'hold' });
    await holdsTickAfterTick(app, running.canary, 10);
  }, 60_000);

  it('holds, and never steps up, while a side has views from fewer than CANARY_MIN_CLIENTS clients', async () => {
    const running = await canaryAt(10, await backend.env(), { CANARY_BAKE_MS: '0', CANARY_MIN_VIEWS: '20', CANARY_MIN_CLIENTS: '12' });
    app = running.app;
    await visitors(app, { versions: { mf_invest: running.current }, count: 30, clients: 15 });
    await visitors(app, { versions: { mf_invest: running.canary }, count: 30, clients: 10 });
    const guard = await guardSays(app, 'not-enough-clients');
    expect(guard.reason).toBe('waiting for views from 12 different clients on each side (canary 10, current 15)');
    await holdsTickAfterTick(app, running.canary, 10);
  }, 60_000);
});

/** The guard keeps holding over several ticks: the canary stays where it is, with no decision recorded. */
async function holdsTickAfterTick(app: App, canary: string, share: number): Promise<void> {
  const ticks = Date.now() + 1000;
  await within(5000, () => Date.now() > ticks);
  expect(await guardLines(app)).toEqual([]);
  expect((await (await app.registryStore()).state(remote)).canary).toMatchObject({ version: canary, share });
}
