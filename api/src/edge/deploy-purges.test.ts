/**
 * A deploy purges the shared caches itself: an instance starting with another shell build or another
 * site configuration than the last one recorded writes one soft purge of `shell` or `site`, once
 * however many instances start with it, even at the same moment. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { describeEachDatabase, twoInstances } from '../../test/databases';
import { openSqlitePurgedRegistry, purgedRegistryOn, type PurgedRegistry } from '../script-stores';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { writeFixtureSite } from '../../test/fixture-builds';
import { testConfig } from '../../test/test-app';
import { createApp } from '../app';
import { edgeConfig } from './edge-config';
import { deployMarks, purgeDeployChanges, type DeployMark } from './deploy-purges';

const silent = pino({ level: 'silent' });

const shell = (build: string): DeployMark => ({ name: 'shell', fingerprint: build });
const site = (hash: string): DeployMark => ({ name: 'site', fingerprint: hash });

/** The purges waiting to be sent, as the relay would claim them. */
const waiting = async (store: PurgedRegistry) =>
  (await store.purges.claimDue(100, 60_000)).map(({ hard, soft, reason }) => ({ hard, soft, reason }));

describeEachDatabase('deploy purges', 'deploy_purges_test', (database) => {
  let first: PurgedRegistry;
  let second: PurgedRegistry;
  beforeEach(async () => {
    [first, second] = (await twoInstances(database, purgedRegistryOn)).stores;
  });
  afterEach(async () => {
    await first.close();
    await second.close();
  });

  it('purge softly what changed since the last start, and nothing when nothing did', async () => {
    await purgeDeployChanges(first.purges, [shell('build-a'), site('config-1')], silent);
    // The first start has nothing to compare with; a restart of the same deploy changes nothing.
    await purgeDeployChanges(second.purges, [shell('build-a'), site('config-1')], silent);
    expect(await waiting(first)).toEqual([]);

    await purgeDeployChanges(second.purges, [shell('build-b'), site('config-1')], silent);
    expect(await waiting(first)).toEqual([{ hard: [], soft: ['shell'], reason: 'deploy: shell build build-b' }]);

    await purgeDeployChanges(first.purges, [shell('build-b'), site('config-2')], silent);
    expect(await waiting(second)).toEqual([{ hard: [], soft: ['site'], reason: 'deploy: site configuration config-2' }]);
  });

  it('purge once when two instances start with the new build at the same moment', async () => {
    await purgeDeployChanges(first.purges, [shell('build-a')], silent);
    await Promise.all([
      purgeDeployChanges(first.purges, [shell('build-b'), site('config-1')], silent),
      purgeDeployChanges(second.purges, [shell('build-b'), site('config-1')], silent),
    ]);
    expect(await waiting(first)).toEqual([{ hard: [], soft: ['shell'], reason: 'deploy: shell build build-b' }]);
  });
});

describe("an instance's marks", () => {
  it("name its shell build and change with any address the site's pages show", () => {
    const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-marks-'));
    fs.mkdirSync(path.join(siteRoot, 'shell', 'dist', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(siteRoot, 'shell', 'dist', 'assets', 'main.js'), 'one build');
    // A cache that never answers: the purge stays to deliver, where the test can see it.
    const config = testConfig({ siteRoot, edge: edgeConfig({ EDGE_PURGE: 'varnish:http://127.0.0.1:9' }) });
    const [shellMark, siteMark] = deployMarks(config);
    expect(shellMark?.name).toBe('shell');
    expect(siteMark?.name).toBe('site');
    const moved = { ...config, siteAddresses: { ...config.siteAddresses, siteUrl: 'https://www.elsewhere.example' } };
    expect(deployMarks(moved)[1]?.fingerprint).not.toBe(siteMark?.fingerprint);
    expect(deployMarks(moved)[0]).toEqual(shellMark);
  });
});

describe('an instance starting after a deploy of another shell build', () => {
  it('leaves the soft purge of "shell" for the relay, and a restart of the same build none', async () => {
    const siteRoot = writeFixtureSite();
    // A cache that never answers: the purge stays to deliver, where the test can see it.
    const config = testConfig({ siteRoot, edge: edgeConfig({ EDGE_PURGE: 'varnish:http://127.0.0.1:9' }) });
    const start = async () => {
      const app = createApp({ config });
      await app.start();
      await app.close();
    };
    await start();
    // The deploy: new shell files, and the start file the api reads rewritten, as a build does.
    const shellDist = path.join(siteRoot, 'shell', 'dist');
    fs.writeFileSync(path.join(shellDist, 'assets', 'main.9876543210.js'), 'console.log(2)');
    fs.writeFileSync(path.join(shellDist, 'startup-assets.json'), '{}');
    await start();
    await start();
    const registry = openSqlitePurgedRegistry(config.dataDir);
    try {
      expect((await registry.purges.backlog()).pending).toBe(1);
      expect(await registry.purges.unsentTags(0, Date.now())).toEqual(['shell']);
    } finally {
      await registry.close();
    }
  }, 60_000);
});
