/**
 * The registry, one behaviour on two databases: SQLite, and PostgreSQL when TEST_DATABASE_URL is set
 * (.ci/run sets it), each test in a database or schema of its own. Also the one-time import of a
 * history.json written before the registry moved to the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { importLegacyHistory } from './history-import';
import { RegistryConflict, type RegistryChange, type ReleaseRecord, type ScheduledAction } from './registry-store';
import { describeEachDatabase, type FreshDatabase } from '../../test/databases';
import { onOwnDatabase } from '../database/own-database';
import { registryWithNotices, type NoticedRegistry } from '../../test/registry-with-notices';
import { openSqliteRegistry } from './open-registry';

const record = (version: string, position: number | null): ReleaseRecord => ({
  remote: 'mf_invest',
  version,
  state: position === null ? 'candidate' : 'released',
  position,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'cli',
  gitSha: null,
  rolledBackAt: null,
});
const NOW = '2026-11-01T10:00:00.000Z';
const scheduled = (version: string): ScheduledAction => ({
  remote: 'mf_invest',
  id: 'sched-1',
  version,
  share: null,
  dueAt: '2026-12-01T14:00:00.000Z',
  baseRevision: 1,
  actor: 'cli',
  gitSha: null,
  createdAt: NOW,
});
const event = (version: string) => ({
  remote: 'mf_invest' as const,
  action: 'release' as const,
  version,
  fromVersion: null,
  actor: 'cli',
  gitSha: 'abc1234',
  at: '2026-11-01T10:00:00.000Z',
});

describeEachDatabase('registry', 'registry_test', (database) => {
  let store: NoticedRegistry;
  let fresh: FreshDatabase;
  beforeEach(async () => {
    fresh = await database.fresh();
    store = await onOwnDatabase(fresh.target, registryWithNotices);
  });
  afterEach(async () => {
    await store.close();
    await fresh.drop();
  });

  it('starts empty: no current versions, revision 0', async () => {
    expect(await store.isEmpty()).toBe(true);
    expect(await store.currentVersions()).toEqual(new Map());
    expect(await store.state('mf_invest')).toEqual({ current: null, revision: 0, canary: null, releases: [], scheduled: null });
  });

  it('moves the registry in one commit with its release rows and audit events, in promotion order', async () => {
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'a', upsert: [record('a', 1)], events: [event('a')] });
    await store.commit({ remote: 'mf_invest', expectedRevision: 1, upsert: [record('c', null)], events: [] });
    await store.commit({ remote: 'mf_invest', expectedRevision: 1, current: 'b', upsert: [record('b', 2)], events: [event('b')] });
    const state = await store.state('mf_invest');
    expect(state.current).toBe('b');
    expect(state.revision).toBe(2);
    expect(state.releases.map((r) => [r.version, r.state])).toEqual([
      ['a', 'released'],
      ['b', 'released'],
      ['c', 'candidate'],
    ]);
    expect(await store.currentVersions()).toEqual(new Map([['mf_invest', 'b']]));
    expect((await store.events('mf_invest')).map((e) => [e.version, e.actor, e.gitSha])).toEqual([
      ['a', 'cli', 'abc1234'],
      ['b', 'cli', 'abc1234'],
    ]);
  });

  it('refuses a change prepared against an older revision and writes none of it', async () => {
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'a', upsert: [record('a', 1)], events: [event('a')] });
    const stale = store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'x', upsert: [record('x', 2)], events: [event('x')] });
    await expect(stale).rejects.toBeInstanceOf(RegistryConflict);
    const state = await store.state('mf_invest');
    expect(state.current).toBe('a');
    expect(state.releases.map((r) => r.version)).toEqual(['a']);
    expect(await store.events('mf_invest')).toHaveLength(1);
  });

  it('refuses a candidate prepared before a promotion, and never labels a released version a candidate', async () => {
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'a', upsert: [record('a', 1)], events: [] });
    await store.commit({ remote: 'mf_invest', expectedRevision: 1, current: 'b', upsert: [record('b', 2)], events: [] });
    const stale = store.commit({ remote: 'mf_invest', expectedRevision: 1, upsert: [record('b', null)], events: [] });
    await expect(stale).rejects.toBeInstanceOf(RegistryConflict);
    await store.commit({ remote: 'mf_invest', expectedRevision: 2, upsert: [record('b', null)], events: [] });
    expect((await store.state('mf_invest')).releases.map((r) => [r.version, r.state])).toEqual([
      ['a', 'released'],
      ['b', 'released'],
    ]);
  });

  it('refuses, in the same transaction, any change that would contradict the registry, and writes none of it', async () => {
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'a', upsert: [record('a', 1), record('b', null)], events: [] });
    const contradictions: [RegExp, Omit<RegistryChange, 'remote' | 'upsert' | 'events'>][] = [
      [/current version x is no stored release/, { expectedRevision: 1, current: 'x' }],
      [/canary a would be the current version/, { expectedRevision: 1, current: 'a', canary: { version: 'a', share: 10, since: NOW } }],
      [/canary z is no stored release/, { expectedRevision: 1, current: 'a', canary: { version: 'z', share: 10, since: NOW } }],
      [/scheduled version z is no stored release/, { expectedRevision: 1, schedule: { set: scheduled('z') } }],
    ];
    for (const [message, change] of contradictions) {
      await expect(store.commit({ remote: 'mf_invest', upsert: [], events: [event('x')], ...change })).rejects.toThrow(message);
    }
    const state = await store.state('mf_invest');
    expect([state.current, state.canary, state.scheduled, state.revision]).toEqual(['a', null, null, 1]);
    expect(await store.events('mf_invest')).toEqual([]);
  });

  it('keeps one scheduled action per remote, and ends it once: a second end is a conflict', async () => {
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'a', upsert: [record('a', 1), record('b', null)], events: [] });
    await store.commit({ remote: 'mf_invest', expectedRevision: 1, upsert: [], events: [], schedule: { set: scheduled('b') } });
    expect((await store.state('mf_invest')).scheduled).toEqual(scheduled('b'));
    expect(await store.schedules()).toEqual([scheduled('b')]);
    const another = { ...scheduled('a'), id: 'another' };
    await expect(
      store.commit({ remote: 'mf_invest', expectedRevision: 1, upsert: [], events: [], schedule: { set: another } }),
    ).rejects.toThrow(RegistryConflict);
    const carryOut = {
      remote: 'mf_invest' as const,
      expectedRevision: 1,
      current: 'b',
      upsert: [record('b', 2)],
      events: [],
      schedule: { clear: 'sched-1' },
    };
    await store.commit(carryOut);
    await expect(store.commit({ ...carryOut, expectedRevision: 2 })).rejects.toThrow(RegistryConflict);
    expect((await store.state('mf_invest')).scheduled).toBeNull();
  });

  it('prunes a release with its record only while the check, read under the lock, still allows it', async () => {
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'b', upsert: [record('a', 1), record('b', 2)], events: [] });
    const removed: string[] = [];
    const notCurrent = (version: string) => (state: { current: string | null }) => state.current !== version;
    expect(await store.prune('mf_invest', 'b', notCurrent('b'), () => removed.push('b'))).toBe(false);
    expect(await store.prune('mf_invest', 'a', notCurrent('a'), () => removed.push('a'))).toBe(true);
    expect(removed).toEqual(['a']);
    expect((await store.state('mf_invest')).releases.map((r) => r.version)).toEqual(['b']);
    // A removal that fails leaves the record.
    await expect(
      store.prune(
        'mf_invest',
        'b',
        () => true,
        () => {
          throw new Error('disk');
        },
      ),
    ).rejects.toThrow('disk');
    expect((await store.state('mf_invest')).releases.map((r) => r.version)).toEqual(['b']);
  });

  it('removes a version only when no record names it, and checks a commit under the same lock', async () => {
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, current: 'a', upsert: [record('a', 1)], events: [] });
    const removed: string[] = [];
    expect(await store.removeUnnamed('mf_invest', 'a', () => removed.push('a'))).toBe(false);
    expect(await store.removeUnnamed('mf_invest', 'b', () => removed.push('b'))).toBe(true);
    expect(removed).toEqual(['b']);
    const refused = store.commit({
      remote: 'mf_invest',
      expectedRevision: 1,
      current: 'b',
      upsert: [record('b', 2)],
      events: [],
      precondition: () => {
        throw new Error('the files of b are missing');
      },
    });
    await expect(refused).rejects.toThrow('the files of b are missing');
    expect((await store.state('mf_invest')).current).toBe('a');
  });

  it.each(['..', '.', '.staging-1', 'a/b', '1.0..0', ''])(
    'refuses the version %j, which would name a path outside one release folder',
    async (version) => {
      const change = {
        remote: 'mf_invest' as const,
        expectedRevision: 0,
        current: version,
        upsert: [record(version, 1)],
        events: [event(version)],
      };
      await expect(store.commit(change)).rejects.toThrow(/not a valid release version/);
      expect(await store.currentVersions()).toEqual(new Map());
    },
  );

  it("writes an event's notice pending with it, and leases it to one relay: one that died holding it only delays it", async () => {
    const notice = JSON.stringify({ type: 'release.guard', action: 'step' });
    await store.commit({ remote: 'mf_invest', expectedRevision: 0, upsert: [], events: [event('a'), { ...event('b'), notice }] });
    expect(await store.notices.backlog()).toEqual({ pending: 1, failed: 0 });
    const now = Date.now();
    const [claimed, ...more] = await store.notices.claimDue(10, 1000, now);
    expect(more).toEqual([]);
    expect(claimed).toMatchObject({ remote: 'mf_invest', body: notice, attempts: 0 });
    // Leased: no other relay takes it until the lease runs out (its holder may have died).
    expect(await store.notices.claimDue(10, 1000, now + 999)).toEqual([]);
    const [again] = await store.notices.claimDue(10, 1000, now + 1000);
    expect(again?.eventId).toBe(claimed!.eventId);
    // The first holder lost its lease: what it marks changes nothing.
    expect(await store.notices.markAttemptFailed(claimed!, 'late answer', null)).toBe(false);
    expect(await store.notices.markAttemptFailed(again!, 'webhook answered 503', now + 5000)).toBe(true);
    expect(await store.notices.claimDue(10, 1000, now + 4999)).toEqual([]);
    const [third] = await store.notices.claimDue(10, 1000, now + 5000);
    expect(third).toMatchObject({ eventId: claimed!.eventId, attempts: 1 });
    expect(await store.notices.markSent(third!)).toBe(true);
    expect(await store.notices.backlog()).toEqual({ pending: 0, failed: 0 });
    expect(await store.notices.claimDue(10, 1000, now + 60_000)).toEqual([]);
  });
});

describe('history.json from before the database registry', () => {
  it('is imported once into an empty registry, then renamed', async () => {
    const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-legacy-'));
    const history = {
      mf_invest: {
        current: '1.0.0-bbbbbbbbbb',
        releases: [
          { version: '1.0.0-aaaaaaaaaa', releasedAt: '2026-10-01T00:00:00.000Z' },
          { version: '1.0.0-bbbbbbbbbb', releasedAt: '2026-10-02T00:00:00.000Z', gitSha: 'abc1234' },
        ],
      },
    };
    fs.writeFileSync(path.join(releasesDir, 'history.json'), JSON.stringify(history));
    const store = openSqliteRegistry(fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-registry-')));
    expect(await importLegacyHistory(store, releasesDir, pino({ level: 'silent' }))).toBe(2);
    const state = await store.state('mf_invest');
    expect(state.current).toBe('1.0.0-bbbbbbbbbb');
    expect(state.releases.map((r) => r.version)).toEqual(['1.0.0-aaaaaaaaaa', '1.0.0-bbbbbbbbbb']);
    expect(fs.existsSync(path.join(releasesDir, 'history.json'))).toBe(false);
    expect(fs.existsSync(path.join(releasesDir, 'history.json.imported'))).toBe(true);
    expect(await importLegacyHistory(store, releasesDir, pino({ level: 'silent' }))).toBe(0);
    await store.close();
  });
});
