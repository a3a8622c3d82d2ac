/**
 * The guard's notices to the team: each decision is committed with its notice, the tick never waits
 * for the webhook, relays on two instances at once send each notice exactly once, and a webhook that
 * never takes one leaves it failed after the last attempt, logged as an error. On SQLite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import pino from 'pino';
import { releaseWebhook, within } from '../../../test/release-webhook';
import { describeEachDatabase } from '../../../test/databases';
import { onOwnDatabase, onOwnSqlite } from '../../database/own-database';
import { releaseNoticesOn } from '../../notices/release-notices-on';
import { registryWithNotices, type NoticedRegistry } from '../../../test/registry-with-notices';
import { RumAggregator } from '../../rum/rum-aggregator';
import { openSqliteRumStore } from '../../rum/rum-sql';
import type { RegistryStore } from '../registry-store';
import { tempReleaseContext } from '../test-fixtures';
import { storeViews } from '../../../test/rum-rows';
import { canaryWiring } from './canary-wiring';
import { NoticeRelay } from './guard-notices';
import { CANARY_REMOTE, readFollower, releaseWithCanary } from './canary-fixtures';

const remote = CANARY_REMOTE;
const silent = pino({ level: 'silent' });
/** Fast retries, so a test sees several attempts within a second. */
const fast = { pollMs: 20, baseDelayMs: 20, maxDelayMs: 50 };

/** Commits `count` guard events, each with its notice pending, as decisions would. */
async function pendingNotices(store: RegistryStore, count: number): Promise<void> {
  const at = new Date().toISOString();
  const events = Array.from({ length: count }, (_, i) => {
    const version = `1.0.${i}`;
    const body = { type: 'release.guard', remote, version, action: 'step', rule: 'healthy' };
    return { remote, action: 'step' as const, version, fromVersion: null, actor: 'guard', gitSha: null, at, notice: JSON.stringify(body) };
  });
  await store.commit({ remote, expectedRevision: 0, upsert: [], events });
}

describeEachDatabase('release notices', 'notices_test', (database) => {
  let stores: [NoticedRegistry, NoticedRegistry];
  beforeEach(async () => {
    // Two handles on one fresh registry database, as two api instances hold them.
    const { target } = await database.fresh();
    stores = [await onOwnDatabase(target, registryWithNotices), await onOwnDatabase(target, registryWithNotices)];
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
  });

  it('relayed by two instances at once, reach the team exactly once each, under their event id', async () => {
    // Answers of uneven length put the two relays out of step, so each claims while the other sends.
    let received = 0;
    const hook = releaseWebhook(() => ({ status: 204, afterMs: (received++ % 4) * 25 }));
    const url = await hook.listen();
    const relays = stores.map((store) => new NoticeRelay(url, async () => store.notices, silent, { ...fast, batchSize: 3 }));
    try {
      await pendingNotices(stores[0], 12);
      for (const relay of relays) relay.start();
      await within(10_000, async () => hook.taken.length >= 12 && (await stores[1].notices.backlog()).pending === 0);
      await Promise.all(relays.map((relay) => relay.stop()));
      expect(hook.attempts).toHaveLength(12);
      expect(new Set(hook.attempts.map((a) => a.body.version)).size).toBe(12);
      expect(hook.attempts.every((a) => /^release-event-\d+$/.test(a.key ?? ''))).toBe(true);
      expect(new Set(hook.attempts.map((a) => a.key)).size).toBe(12);
      expect(await stores[0].notices.backlog()).toEqual({ pending: 0, failed: 0 });
    } finally {
      await Promise.all(relays.map((relay) => relay.stop()));
      await hook.close();
    }
  });

  it('that the webhook always refuses end failed after the last attempt, logged as an error', async () => {
    const hook = releaseWebhook(() => ({ status: 503 }));
    const lines: { level: number; msg: string; attempt?: number; remote?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const relay = new NoticeRelay(await hook.listen(), async () => stores[0].notices, logger, { ...fast, maxAttempts: 3 });
    try {
      await pendingNotices(stores[0], 1);
      relay.start();
      await within(5000, () => lines.some((l) => l.msg.includes('gave up')));
      expect(await stores[1].notices.backlog()).toEqual({ pending: 0, failed: 1 });
      expect(lines.find((l) => l.msg.includes('gave up'))).toMatchObject({ level: 50, attempt: 3, remote });
      expect(lines.filter((l) => l.msg.includes('trying again'))).toHaveLength(2);
      // Failed stays failed: no later pass tries it again.
      await relay.runOnce(Date.now() + 3_600_000);
      expect(hook.attempts).toHaveLength(3);
      expect(new Set(hook.attempts.map((a) => a.key)).size).toBe(1);
    } finally {
      await relay.stop();
      await hook.close();
    }
  });
});

/** A healthy canary the guard completes at its first tick (steps 10, 100), wired as the app wires it. */
async function healthyCanary(url: string | undefined) {
  const { context, store: registry, config } = tempReleaseContext();
  const store = Object.assign(registry, { notices: onOwnSqlite(config.dataDir, releaseNoticesOn) });
  const { current, canary } = await releaseWithCanary(context);
  const follower = await readFollower(store, silent);
  const rum = openSqliteRumStore(config.dataDir);
  for (const version of [current, canary]) await storeViews(rum, { version, views: 30 });
  const wiring = canaryWiring({
    config: { ...config, releaseWebhookUrl: url, canary: { ...config.canary, minViews: 20, bakeMs: 0, steps: [10, 100] } },
    logger: silent,
    follower,
    registryStore: async () => store,
    releaseNotices: async () => store.notices,
    rumStore: async () => rum,
    aggregator: new RumAggregator(async () => rum, silent, { flushMs: 1000, retentionDays: 1, maxKeys: 10 }),
    noticeRelay: fast,
  });
  return {
    wiring,
    store,
    close: async () => {
      await wiring.stop();
      await rum.close();
      await store.notices.close();
      await store.close();
    },
  };
}

describe("the guard's decision and its notice (SQLite)", () => {
  it('are committed together, and the tick is over before the webhook answers', async () => {
    const hook = releaseWebhook(() => ({ status: 204, afterMs: 300 }));
    const canary = await healthyCanary(await hook.listen());
    try {
      canary.wiring.start();
      await canary.wiring.guard.tick();
      expect(hook.answered()).toBe(0);
      expect((await canary.store.events(remote)).filter((e) => e.actor === 'guard').map((e) => e.action)).toEqual(['promote']);
      expect(await canary.store.notices.backlog()).toEqual({ pending: 1, failed: 0 });
      await within(5000, async () => (await canary.store.notices.backlog()).pending === 0);
      expect(hook.taken.map((a) => [a.body.type, a.body.action, a.body.rule])).toEqual([['release.guard', 'complete', 'healthy']]);
    } finally {
      await canary.close();
      await hook.close();
    }
  });

  it('without RELEASE_WEBHOOK_URL: the decision is committed, no notice is written', async () => {
    const canary = await healthyCanary(undefined);
    try {
      canary.wiring.start();
      await canary.wiring.guard.tick();
      expect((await canary.store.events(remote)).filter((e) => e.actor === 'guard').map((e) => e.action)).toEqual(['promote']);
      expect(await canary.store.notices.backlog()).toEqual({ pending: 0, failed: 0 });
      expect(canary.wiring.notices).toBeUndefined();
    } finally {
      await canary.close();
    }
  });
});
