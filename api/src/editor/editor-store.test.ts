/**
 * The editor's store, one behaviour on two databases: SQLite, and PostgreSQL when TEST_DATABASE_URL
 * is set, each test in a directory or schema of its own. Two stores on one database stand for two
 * api instances.
 */
import { describeEachDatabase, twoInstances } from '../../test/databases';
import { editorStoreOnDatabase } from './open-editor-store';
import { AccountExists, type EditorStore } from './editor-store';

const AT = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-22T12:10:00.000Z';
const LOCK_END = '2026-11-22T12:15:00.000Z';
const token = (hash: string) => ({ hash, expiresAt: '2026-11-23T12:00:00.000Z' });
const audit = (action: string, subject: string) => ({ actor: 'cli', action, subject, at: AT });

describeEachDatabase('editor store', 'editor_test', (database) => {
  let store: EditorStore;
  let other: EditorStore;
  let drop: () => Promise<void>;
  beforeEach(async () => {
    const pair = await twoInstances(database, editorStoreOnDatabase);
    [store, other] = pair.stores;
    drop = pair.drop;
    await store.addAccount({ email: 'ann@example.com', role: 'publisher' }, token('t1'), audit('account_added', 'ann@example.com'));
  });
  afterEach(async () => {
    await store.close();
    await other.close();
    await drop();
  });

  it('keeps one account per address and starts it without a password', async () => {
    await expect(
      other.addAccount({ email: 'ann@example.com', role: 'editor' }, token('t2'), audit('account_added', 'ann@example.com')),
    ).rejects.toBeInstanceOf(AccountExists);
    expect(await other.accounts()).toEqual([expect.objectContaining({ email: 'ann@example.com', role: 'publisher', passwordHash: null })]);
    expect(await store.tokenOwner('t2', AT)).toBeUndefined();
  });

  it('lets a set-password token work once, and a new one replaces the old', async () => {
    expect(await store.tokenOwner('t1', AT)).toBe('ann@example.com');
    expect(await store.issueToken('ann@example.com', token('t3'), audit('link_issued', 'ann@example.com'))).toBe(true);
    expect(await store.tokenOwner('t1', AT)).toBeUndefined();
    expect(await store.setPassword('t1', 'ann@example.com', 'hash', AT)).toBe(false);
    const uses = await Promise.all([
      store.setPassword('t3', 'ann@example.com', 'hash-a', AT),
      other.setPassword('t3', 'ann@example.com', 'hash-b', AT),
    ]);
    expect(uses.filter(Boolean)).toHaveLength(1);
    expect((await store.account('ann@example.com'))?.passwordHash).toMatch(/^hash-[ab]$/);
    expect(await store.issueToken('nobody@example.com', token('t4'), audit('link_issued', 'nobody@example.com'))).toBe(false);
  });

  it('refuses an expired token', async () => {
    expect(await store.tokenOwner('t1', '2026-11-23T12:00:00.001Z')).toBeUndefined();
    expect(await store.setPassword('t1', 'ann@example.com', 'hash', '2026-11-23T12:00:00.001Z')).toBe(false);
  });

  it('locks at the fifth failure in a row counted by two instances, and counts afresh once the lock has run out', async () => {
    const counts = [];
    for (let i = 0; i < 5; i += 1) counts.push(await (i % 2 ? other : store).recordFailure('ann@example.com', AT, 5, LOCK_END));
    expect(counts.map((a) => a?.lockedUntil ?? null)).toEqual([null, null, null, null, LOCK_END]);
    // A failure during the lock does not move its end.
    expect((await store.recordFailure('ann@example.com', LATER, 5, '2026-11-22T12:25:00.000Z'))?.lockedUntil).toBe(LOCK_END);
    const after = await store.recordFailure('ann@example.com', '2026-11-22T12:15:01.000Z', 5, '2026-11-22T12:30:01.000Z');
    expect(after).toMatchObject({ failedAttempts: 1, lockedUntil: null });
    expect(await store.recordFailure('nobody@example.com', AT, 5, LOCK_END)).toBeUndefined();
  });

  it('resets the failures on a sign-in, keeps sessions by hash, and removing an account ends them', async () => {
    await store.recordFailure('ann@example.com', AT, 5, LOCK_END);
    await store.signIn('ann@example.com', { idHash: 'session-hash', csrfToken: 'csrf' }, AT);
    expect((await other.account('ann@example.com'))?.failedAttempts).toBe(0);
    expect(await other.session('session-hash')).toEqual({
      email: 'ann@example.com',
      role: 'publisher',
      csrfToken: 'csrf',
      createdAt: AT,
      lastSeenAt: AT,
    });
    await other.touchSession('session-hash', LATER);
    expect((await store.session('session-hash'))?.lastSeenAt).toBe(LATER);
    expect(await store.removeAccount('ann@example.com', audit('account_removed', 'ann@example.com'))).toBe(true);
    expect(await store.session('session-hash')).toBeUndefined();
    expect(await store.removeAccount('ann@example.com', audit('account_removed', 'ann@example.com'))).toBe(false);
    expect((await other.auditTrail()).map((e) => e.action)).toEqual(['account_added', 'sign_in', 'account_removed']);
  });
});
