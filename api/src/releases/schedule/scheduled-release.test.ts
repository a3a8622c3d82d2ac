/**
 * A promotion scheduled a few seconds ahead on two api processes sharing PostgreSQL and a releases
 * folder, as a team and an operator meet it: the instance that accepted it is killed meanwhile and
 * the other carries it out within 2 s of its time, once. A cancelled one never fires; one made wrong
 * by a promotion by hand is refused at its time, with the reason recorded.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { freshSchemaUrl, TEST_DATABASE_URL } from '../../../test/postgres';
import { startServer, type ServerProcess } from '../../../test/server-process';
import { loadConfig } from '../../app-config';
import { releaseContext } from '../release-context';
import { releaseBuild } from '../release-service';
import { openPostgresRegistry } from '../open-registry';
import { fixtureBuild, tempCheckout } from '../test-fixtures';

const TOKEN = 'invest-token';
const remote = 'mf_invest';
const auth = { Authorization: `Bearer ${TOKEN}` };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Listing = {
  current: string | null;
  scheduled: { id: string; version: string; dueAt: string } | null;
};
type Event = { action: string; version: string; actor: string; at: string; details: string | null };

const suite = TEST_DATABASE_URL ? describe : describe.skip;
if (!TEST_DATABASE_URL) {
  it.skip('SKIPPED: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the scheduled releases on two instances', () =>
    undefined);
}

suite('a scheduled promotion on two instances', () => {
  const servers: ServerProcess[] = [];
  let env: Record<string, string>;
  const versions: Record<string, string> = {};

  const api = async (server: ServerProcess, method: string, route: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/releases/${remote}${route}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  /** Stores a build as the team's CI would (the upload's checks and server render are the release API's own tests). */
  const store = async (marker: string, candidate: boolean) => {
    const registry = await openPostgresRegistry(env.DATABASE_URL!);
    try {
      const context = releaseContext(loadConfig({ ...process.env, ...env }), registry);
      return (await releaseBuild(context, { actor: 'RELEASE_TOKEN_MF_INVEST', remote, buildDir: fixtureBuild(marker), candidate })).version;
    } finally {
      await registry.close();
    }
  };
  const listing = async (server: ServerProcess) => (await api(server, 'GET', '')).body as unknown as Listing;
  /** The release events, read from the database through the other instance's process (the CLI's view). */
  const events = async (): Promise<Event[]> => {
    const store = await openPostgresRegistry(env.DATABASE_URL!);
    try {
      return (await store.events(remote)) as Event[];
    } finally {
      await store.close();
    }
  };
  /** Waits until `check` holds, or fails after `timeoutMs`. */
  const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
      await sleep(50);
    }
  };

  beforeAll(async () => {
    const checkout = tempCheckout();
    env = {
      DATABASE_URL: await freshSchemaUrl('scheduled_release'),
      SITE_ROOT: checkout.siteRoot,
      DATA_DIR: path.join(checkout.siteRoot, 'data'),
      RELEASES_DIR: checkout.releasesDir,
      RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
      CANARY_STEPS_MF_INVEST: 'manual',
      LOG_LEVEL: 'info',
    };
    servers.push(await startServer(env), await startServer(env));
    versions.v1 = await store('v1', false);
    for (const name of ['v2', 'v3', 'v4']) versions[name] = await store(name, true);
  });
  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGKILL');
      await server.exited();
    }
  });

  it('is carried out by the other instance within 2 s of its time, once, after the accepting one was killed', async () => {
    const [accepting, other] = servers as [ServerProcess, ServerProcess];
    const at = new Date(Date.now() + 3000).toISOString();
    const scheduled = await api(accepting, 'POST', '/promote', { version: versions.v2, at });
    expect(scheduled.status).toBe(202);
    expect((await listing(other)).scheduled).toMatchObject({ version: versions.v2, dueAt: at });
    accepting.child.kill('SIGKILL');
    await accepting.exited();

    await until(async () => (await listing(other)).current === versions.v2, 10_000);
    const moves = (await events()).filter((e) => e.action === 'promote' && e.version === versions.v2);
    expect(moves).toHaveLength(1);
    expect(moves[0]!.actor).toBe('scheduled by RELEASE_TOKEN_MF_INVEST');
    const delay = Date.parse(moves[0]!.at) - Date.parse(at);
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThan(2000);
    expect((await listing(other)).scheduled).toBeNull();
  });

  it('never fires once cancelled', async () => {
    const other = servers[1]!;
    const at = new Date(Date.now() + 1500).toISOString();
    expect((await api(other, 'POST', '/promote', { version: versions.v3, at })).status).toBe(202);
    const cancelled = await api(other, 'DELETE', '/scheduled');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelled).toMatchObject({ version: versions.v3, dueAt: at });
    expect((await api(other, 'DELETE', '/scheduled')).status).toBe(404);
    // Past its time, and past a few of every instance's looks.
    await sleep(Date.parse(at) - Date.now() + 2500);
    expect((await listing(other)).current).toBe(versions.v2);
    expect((await events()).filter((e) => e.version === versions.v3).map((e) => e.action)).toEqual(['candidate', 'schedule', 'unschedule']);
  });

  it('is refused at its time, and the reason recorded, when someone promoted by hand meanwhile', async () => {
    const other = servers[1]!;
    const at = new Date(Date.now() + 1500).toISOString();
    expect((await api(other, 'POST', '/promote', { version: versions.v3, at })).status).toBe(202);
    expect((await api(other, 'POST', '/promote', { version: versions.v4 })).status).toBe(200);
    await until(async () => (await listing(other)).scheduled === null, Date.parse(at) - Date.now() + 5000);
    expect((await listing(other)).current).toBe(versions.v4);
    const refused = (await events()).filter((e) => e.action === 'schedule-refused');
    expect(refused).toHaveLength(1);
    expect(JSON.parse(refused[0]!.details!)).toMatchObject({ at, reason: expect.stringMatching(/moved since it was scheduled/) });
  });

  it('refuses a time in the past, or more than 90 days ahead, and a second one while one waits', async () => {
    const other = servers[1]!;
    expect((await api(other, 'POST', '/promote', { version: versions.v3, at: '2020-01-01T00:00:00Z' })).status).toBe(400);
    const far = new Date(Date.now() + 91 * 86_400_000).toISOString();
    expect((await api(other, 'POST', '/promote', { version: versions.v3, at: far })).status).toBe(400);
    expect((await api(other, 'POST', '/promote', { version: versions.v3, at: 'tomorrow' })).status).toBe(400);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await api(other, 'POST', '/promote', { version: versions.v3, at: later })).status).toBe(202);
    const second = await api(other, 'POST', '/promote', { version: versions.v2, at: later });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/already has a promotion of .* scheduled for/);
    expect((await api(other, 'DELETE', '/scheduled')).status).toBe(200);
  });
});
