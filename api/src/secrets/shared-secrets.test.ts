/** Shared secrets on both databases: SQLite, and PostgreSQL when TEST_DATABASE_URL is set. (Moved from the registry store's tests.) */
import { describeEachDatabase, storeOnFresh } from '../../test/databases';
import { sharedSecretsOn, type SharedSecrets } from './shared-secrets';

describeEachDatabase('shared secrets', 'secrets_test', (database) => {
  let store: SharedSecrets;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    ({ store, drop } = await storeOnFresh(database, sharedSecretsOn));
  });
  afterEach(async () => {
    await store.close();
    await drop();
  });

  it('keeps the first shared secret created', async () => {
    const first = await store.get('preview', () => 'one');
    expect(first).toBe('one');
    expect(await store.get('preview', () => 'two')).toBe('one');
  });
});
