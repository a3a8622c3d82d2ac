/**
 * Server renders are judged where releases are: a canary whose server code fails its renders is
 * rolled back on the api's own counts (stored by the minute, summed over instances), before any
 * visitor's report could show it; an honest canary's renders change nothing. The release health
 * shows each version's renders and failures. On SQLite and PostgreSQL.
 */
import request from 'supertest';
import type { App } from '../../app';
import { canaryAt, remote, TOKEN } from '../../../test/canary-running';
import { within } from '../../../test/release-webhook';
import { describeEachDatabase } from '../../../test/databases';

const guardLines = async (app: App) => (await (await app.registryStore()).events(remote)).filter((e) => e.actor === 'guard');

/** `count` server renders of `version`, as the render pool tells them (each failed unless `ok`). */
function renders(app: App, version: string, count: number, ok: boolean): void {
  for (let i = 0; i < count; i++) app.rum.countRender(remote, version, ok);
}

async function health(app: App) {
  await app.rum.flush();
  const answer = await request(app.koa.callback()).get(`/api/releases/${remote}/health?hours=1`).set('Authorization', `Bearer ${TOKEN}`);
  return answer.body as {
    versions: { version: string; serverRenders: { renders: number; failures: number } }[];
    canary: { guard: { rule: string } | null } | null;
  };
}

describeEachDatabase('the guard judges server renders,', 'canary_renders', (backend) => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('a canary whose server build throws on render is rolled back, and the health shows its failed renders', async () => {
    const running = await canaryAt(10, await backend.env());
    app = running.app;
    renders(app, running.current, 40, true);
    renders(app, running.canary, 6, false);
    const rollback = await within(15_000, async () => (await guardLines(app!)).find((e) => e.action === 'rollback'));
    const details = JSON.parse(rollback.details!);
    expect(details).toMatchObject({
      rule: 'render-failures',
      renders: { canary: { renders: 6, failures: 6 }, current: { renders: 40, failures: 0 } },
    });
    expect((await (await app.registryStore()).state(remote)).canary).toBeNull();
    const versions = Object.fromEntries((await health(app)).versions.map((v) => [v.version, v.serverRenders]));
    expect(versions[running.canary]).toEqual({ renders: 6, failures: 6 });
    expect(versions[running.current]).toEqual({ renders: 40, failures: 0 });
  }, 60_000);

  it('an honest canary’s renders roll nothing back: the guard waits for views', async () => {
    const running = await canaryAt(10, await backend.env());
    app = running.app;
    renders(app, running.current, 40, true);
    renders(app, running.canary, 40, true);
    // Some failures of the current version's renders do not count against the canary either.
    renders(app, running.current, 6, false);
    const guard = await within(15_000, async () => (await health(app!)).canary?.guard ?? undefined);
    expect(guard).toMatchObject({ rule: 'not-enough-views' });
    const ticks = Date.now() + 1000;
    await within(5000, () => Date.now() > ticks);
    expect(await guardLines(app)).toEqual([]);
    expect((await (await app.registryStore()).state(remote)).canary).toMatchObject({ version: running.canary, share: 10 });
    const versions = Object.fromEntries((await health(app)).versions.map((v) => [v.version, v.serverRenders]));
    expect(versions[running.canary]).toEqual({ renders: 40, failures: 0 });
    expect(versions[running.current]).toEqual({ renders: 46, failures: 6 });
  }, 60_000);
});
