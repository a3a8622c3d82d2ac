/**
 * A purge rides in the commit it follows, through the registry's commit-statement hook: a move
 * committed has its purge job, a move refused (a race lost, a broken invariant) leaves none. On SQLite,
 * and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describeEachDatabase, storeOnFresh } from '../../test/databases';
import { purgedRegistryOn, type PurgedRegistry } from '../script-stores';

const move = (store: PurgedRegistry, version: string, expectedRevision: number, upsert = true) =>
  store.commit({
    remote: 'mf_invest',
    expectedRevision,
    current: version,
    upsert: upsert
      ? [
          {
            ...{ remote: 'mf_invest', version, state: 'released', position: expectedRevision + 1 },
            ...{ createdAt: new Date().toISOString(), createdBy: 'cli', gitSha: null, rolledBackAt: null },
          },
        ]
      : [],
    events: [],
  });

describeEachDatabase('purges in the commit they follow', 'purge_commits_test', (database) => {
  let store: PurgedRegistry;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ store, drop } = await storeOnFresh(database, purgedRegistryOn));
  });
  afterEach(async () => {
    await store.close();
    await drop();
  });

  it('writes a purge with every move committed and none with a move refused', async () => {
    await move(store, '1.0.0-aaaaaaaaaa', 0);
    expect((await store.purges.backlog()).pending).toBe(1);
    // A race lost: the revision moved since it was read.
    await expect(move(store, '1.0.0-bbbbbbbbbb', 0)).rejects.toThrow(/at the same moment/);
    // A broken invariant, found after the purge row was written: the current version is no stored release.
    await expect(move(store, '1.0.0-cccccccccc', 1, false)).rejects.toThrow();
    expect((await store.purges.backlog()).pending).toBe(1);
    await move(store, '1.0.0-dddddddddd', 1);
    expect(await store.purges.unsentTags(0, Date.now())).toEqual(expect.arrayContaining(['section-mf_invest']));
    expect((await store.purges.backlog()).pending).toBe(2);
  });
});
