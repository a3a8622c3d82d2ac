/**
 * A deploy purges the shared caches itself: an instance starting with another shell build or another
 * site configuration than the last one recorded writes one soft purge of `shell` or `site`, once
 * however many instances start with it, even at the same moment. On SQLite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { TEST_DATABASE_URL, uniqueSchemaName } from '../../test/postgres';
import { testConfig } from '../../test/test-app';
import type { RegistryStore } from '../registry/registry-store';
import { openPostgresRegistry } from '../registry/registry-store-postgres';
import { openSqliteRegistry } from '../registry/registry-store-sqlite';
import { deployMarks, purgeDeployChanges, type DeployMark } from './deploy-purges';

const silent = pino({ level: 'silent' });

const backends: { name: string; open(): Promise<[RegistryStore, RegistryStore]> }[] = [
  {
    name: 'SQLite',
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-deploy-purges-'));
      return [openSqliteRegistry(dir), openSqliteRegistry(dir)];
    },
  },
];
if (TEST_DATABASE_URL) {
  const url = TEST_DATABASE_URL;
  backends.push({
    name: 'PostgreSQL',
    open: async () => {
      const schema = uniqueSchemaName('deploy_purges_test');
      return [await openPostgresRegistry(url, { schema }), await openPostgresRegistry(url, { schema })];
    },
  });
} else {
  describe('deploy purges on PostgreSQL', () => {
    it.skip('SKIPPED: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to record deploys on PostgreSQL', () =>
      undefined);
  });
}

const shell = (build: string): DeployMark => ({ name: 'shell', fingerprint: build });
const site = (hash: string): DeployMark => ({ name: 'site', fingerprint: hash });

/** The purges waiting to be sent, as the relay would claim them. */
const waiting = async (store: RegistryStore) =>
  (await store.purges.claimDue(100, 60_000)).map(({ hard, soft, reason }) => ({ hard, soft, reason }));

describe.each(backends)('deploy purges on $name', (backend) => {
  let first: RegistryStore;
  let second: RegistryStore;
  beforeEach(async () => {
    [first, second] = await backend.open();
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
    const config = testConfig({ siteRoot });
    const [shellMark, siteMark] = deployMarks(config);
    expect(shellMark?.name).toBe('shell');
    expect(siteMark?.name).toBe('site');
    const moved = { ...config, siteAddresses: { ...config.siteAddresses, siteUrl: 'https://www.elsewhere.example' } };
    expect(deployMarks(moved)[1]?.fingerprint).not.toBe(siteMark?.fingerprint);
    expect(deployMarks(moved)[0]).toEqual(shellMark);
  });
});
