/**
 * Two api instances on one registry and one releases folder, one of them paused right after it
 * stored a build's folder: whatever the order, the live release keeps its files and its state.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (each run in a schema of its own).
 */
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import { releaseContext } from './release-context';
import { listReleases, promoteRelease, releaseBuild, rollbackRelease, type ReleaseContext } from './release-service';
import { fixtureBuild, pauseAfterStoring, tempReleaseContext } from './test-fixtures';
import { describeEachDatabase, type TestDatabase } from '../../test/databases';
import { answerTo } from '../../test/refusals';
import { onOwnDatabase } from '../database/own-database';
import { registryStoreOn } from './open-registry';

const who = { actor: 'cli', gitSha: 'abc1234' };
const remote = 'mf_invest' as const;

type Instances = Awaited<ReturnType<typeof twoInstances>>;
/** Two release contexts on the same database and releases folder: two api instances. */
async function twoInstances(database: TestDatabase) {
  const first = tempReleaseContext();
  await first.store.close();
  const target = { ...(await database.fresh()).target, dataDir: first.config.dataDir };
  const open = async (): Promise<ReleaseContext> => releaseContext(first.config, await onOwnDatabase(target, registryStoreOn));
  const [a, b] = await Promise.all([open(), open()]);
  return { a, b, config: first.config, files: (version: string) => path.join(first.releasesDir, remote, version) };
}

const release = (context: ReleaseContext, marker: string, candidate = false) =>
  releaseBuild(context, { ...who, remote, buildDir: fixtureBuild(marker), candidate });

describeEachDatabase('release races', 'release_races', (database) => {
  let instances: Instances;
  beforeEach(async () => {
    instances = await twoInstances(database);
  });
  afterEach(async () => {
    await instances.a.store.close();
    await instances.b.store.close();
  });

  it("a lost race never removes the folder the winner's release serves", async () => {
    const { a, b, files } = instances;
    const paused = pauseAfterStoring(a);
    const first = release(a, 'same');
    await paused.stored; // a wrote the folder, then stalls
    const second = await release(b, 'same'); // b finds the folder, checks it, and commits
    expect(second.published).toBe(false);
    paused.resume();
    expect(await answerTo(first)).toMatchObject({ status: 409 });
    expect((await b.store.currentVersions()).get(remote)).toBe(second.version);
    expect(fs.readFileSync(path.join(files(second.version), 'remoteEntry.js'), 'utf8')).toBe('/* same */');
  });

  it("a failed attempt's clean-up before the winner commits makes the winner store the folder again", async () => {
    const { a, b, files } = instances;
    a.checkServer = async () => ['/invest does not render: boom'];
    const pausedA = pauseAfterStoring(a);
    const first = release(a, 'same');
    await pausedA.stored; // a wrote the folder
    const pausedB = pauseAfterStoring(b);
    const second = release(b, 'same');
    await pausedB.stored; // b found it there and relies on it
    pausedA.resume();
    await expect(first).rejects.toThrow(/boom/); // a is refused and removes the folder nobody names yet
    pausedB.resume();
    const won = await second;
    expect((await b.store.currentVersions()).get(remote)).toBe(won.version);
    expect(fs.readFileSync(path.join(files(won.version), 'remoteEntry.js'), 'utf8')).toBe('/* same */');
  });

  it('a candidate re-upload racing a promotion never labels the live release a candidate', async () => {
    const { a, b } = instances;
    const live = await release(a, 'v0');
    const candidate = await release(a, 'v1', true);
    const paused = pauseAfterStoring(a);
    const again = release(a, 'v1', true); // read the registry with v1 still a candidate
    await paused.stored;
    await promoteRelease(b, { ...who, remote, version: candidate.version });
    paused.resume();
    expect(await answerTo(again)).toMatchObject({ status: 409 });
    const listed = (await listReleases(b, remote)).releases.map((r) => [r.version, r.state, r.current]);
    expect(listed).toEqual([
      [live.version, 'released', false],
      [candidate.version, 'released', true],
    ]);
    expect(await rollbackRelease(b, { ...who, remote })).toEqual({
      from: candidate.version,
      to: live.version,
      endedCanary: null,
      warnings: [],
    });
  });

  it('re-uploading the live release restores its folder when it went missing', async () => {
    const { a, files, config } = instances;
    const live = await release(a, 'v1');
    fs.rmSync(files(live.version), { recursive: true });
    const again = await release(a, 'v1');
    expect(again).toMatchObject({ version: live.version, alreadyCurrent: true, published: true });
    const app = createApp({ config });
    const res = await request(app.koa.callback()).get(`/remotes/${remote}/${live.version}/remoteEntry.js`);
    await app.close();
    expect(res.status).toBe(200);
    expect(res.text).toBe('/* v1 */');
  });
});
