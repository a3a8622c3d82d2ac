/**
 * Which side of a canary a visitor is on: one cookie sees one side on every answer of both instances,
 * fresh visitors split by about the share, and the cookie is set only while a canary runs.
 */
import request from 'supertest';
import { createApp, type App } from '../../app';
import { releaseContext } from '../release-context';
import { releaseBuild } from '../release-service';
import { checkoutConfig, fixtureBuild, tempCheckout } from '../test-fixtures';
import { CANARY_COOKIE, onCanarySide } from './canary-sides';

const TOKEN = 'invest-token';
const remote = 'mf_invest' as const;
const SHARE = 20;
const VISITORS = 400;

const checkout = tempCheckout();
// The guard waits for a person here: the sides must not move under the test.
const config = checkoutConfig(checkout, TOKEN, { CANARY_STEPS_MF_INVEST: 'manual' });
const apps: App[] = [createApp({ config }), createApp({ config })];
const servers = apps.map((app) => app.koa.callback());
let current: string;
let canary: string;

beforeAll(async () => {
  await Promise.all(apps.map((app) => app.start()));
  const context = releaseContext(config, await apps[0]!.registryStore());
  current = (await releaseBuild(context, { actor: 'cli', remote, buildDir: fixtureBuild('v1') })).version;
  canary = (await releaseBuild(context, { actor: 'cli', remote, buildDir: fixtureBuild('v2'), candidate: true })).version;
}, 60_000);
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** The version of the remote a request is served (GET /api/remotes), and the cookie set, if any. */
async function served(server: (typeof servers)[number], cookie?: string) {
  const req = request(server).get('/api/remotes');
  const res = await (cookie ? req.set('Cookie', `${CANARY_COOKIE}=${cookie}`) : req);
  const version = (res.body as { name: string; version: string }[]).find((e) => e.name === remote)?.version;
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${CANARY_COOKIE}=`));
  return { version, setCookie, vary: res.headers.vary as string | undefined };
}

describe('canary sides', () => {
  it('sets no cookie while no canary runs', async () => {
    await Promise.all(apps.map((app) => app.registry.refresh()));
    const answer = await served(servers[0]!);
    expect(answer).toMatchObject({ version: current, setCookie: undefined });
  });

  it('gives one cookie one side on every answer of both instances, and about the share of fresh visitors the canary', async () => {
    const promoted = await request(servers[0]!)
      .post(`/api/releases/${remote}/promote`)
      .set('Authorization', `Bearer ${TOKEN}`)
      .send({ version: canary, share: SHARE });
    expect(promoted.status).toBe(200);
    await Promise.all(apps.map((app) => app.registry.refresh()));

    let onCanary = 0;
    const seen = new Set<string>();
    for (let i = 0; i < VISITORS; i += 1) {
      const first = await served(servers[i % 2]!);
      expect(first.setCookie).toMatch(/; path=\/; expires=.+; samesite=lax; httponly$/);
      expect(first.vary).toMatch(/Cookie/);
      const value = /^cardlift_canary=([^;]+)/.exec(first.setCookie!)![1]!;
      seen.add(value);
      if (first.version === canary) onCanary += 1;
      expect(first.version).toBe(onCanarySide(value, remote, SHARE) ? canary : current);
      if (i < 20) {
        // The same visitor, again and on the other instance: the same side, no new cookie.
        for (const server of servers) expect(await served(server, value)).toMatchObject({ version: first.version, setCookie: undefined });
      }
    }
    expect(seen.size).toBe(VISITORS);
    // Binomial(400, 0.2): mean 80, standard deviation 8; 4.5 deviations either side.
    expect(onCanary).toBeGreaterThanOrEqual(44);
    expect(onCanary).toBeLessThanOrEqual(116);
  });

  it('keeps 30 days, and replaces a malformed value', async () => {
    const { setCookie } = await served(servers[1]!, 'not a value of ours');
    const expires = Date.parse(/expires=([^;]+)/.exec(setCookie!)![1]!);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(30);
  });

  it('a rollback ends the canary: everyone on the current version', async () => {
    const ended = await request(servers[1]!).post(`/api/releases/${remote}/rollback`).set('Authorization', `Bearer ${TOKEN}`).send({});
    expect(ended.body).toEqual({
      from: canary,
      to: current,
      endedCanary: { version: canary, share: expect.any(Number), since: expect.any(String) },
      warnings: [],
    });
    await Promise.all(apps.map((app) => app.registry.refresh()));
    const canaryVisitor = Array.from({ length: 100 }, (_, i) => `visitor-${String(i).padStart(14, '0')}`).find((v) =>
      onCanarySide(v, remote, SHARE),
    )!;
    for (const server of servers) expect((await served(server, canaryVisitor)).version).toBe(current);
  });
});
