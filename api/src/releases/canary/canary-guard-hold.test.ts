/**
 * What the guard cannot judge it holds, says why and never promotes: too few views, or measurements
 * it cannot read (the database down). On SQLite, one instance.
 */
import pino from 'pino';
import { RumAggregator } from '../../rum/rum-aggregator';
import type { RumClientTotal, RumRouteTotal, RumStore } from '../../rum/rum-store';
import { tempReleaseContext } from '../test-fixtures';
import { CanaryGuard } from './canary-guard';
import { CANARY_REMOTE, readFollower, releaseWithCanary } from './canary-fixtures';

const remote = CANARY_REMOTE;
const logger = pino({ level: 'silent' });

async function runningCanary() {
  const { context, store, config } = tempReleaseContext();
  const { current, canary } = await releaseWithCanary(context);
  const follower = await readFollower(store, logger);
  const guardOn = (routeTotals: () => Promise<RumRouteTotal[]>, clientTotals: () => Promise<RumClientTotal[]> = async () => []) => {
    const rum = { routeTotals, clientTotals, clientTimingTotals: async () => [], leadViewTotals: async () => [] } as unknown as RumStore;
    return new CanaryGuard({
      settings: { ...config.canary, minViews: 5, bakeMs: 0, steps: [10, 50, 100] },
      store: async () => store,
      rum: async () => rum,
      aggregator: new RumAggregator(async () => rum, logger, { flushMs: 1000, retentionDays: 1, maxKeys: 10 }),
      follower,
      logger,
    });
  };
  return { store, current, canary, guardOn };
}

describe('the canary guard holds', () => {
  it('while a side has too few views, saying so', async () => {
    const { store, current, canary, guardOn } = await runningCanary();
    const views = (version: string, count: number): RumRouteTotal => ({ route: '/invest', version, metric: 'views', bucket: 0, count });
    const clients = (version: string, count: number): RumClientTotal[] =>
      Array.from({ length: count }, (_, i) => ({
        route: '/invest',
        version,
        client: `c${i}`,
        views: 1,
        errorViews: 0,
        failureViews: 0,
        storedLeads: 0,
      }));
    const guard = guardOn(
      async () => [views(canary, 50), views(current, 3)],
      async () => [...clients(canary, 50), ...clients(current, 3)],
    );
    await guard.tick();
    expect(guard.status(remote)).toMatchObject({ action: 'hold', rule: 'not-enough-views', share: 10 });
    expect(guard.status(remote)?.reason).toMatch(/waiting for 5 views on each side, on pages both are seen on \(canary 50, current 3\)/);
    expect((await store.state(remote)).canary).toMatchObject({ version: canary, share: 10 });
    expect((await store.events(remote)).filter((e) => e.actor === 'guard')).toEqual([]);
    await store.close();
  });

  it('when the measurements cannot be read, saying why', async () => {
    const { store, current, canary, guardOn } = await runningCanary();
    const guard = guardOn(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
    });
    await guard.tick();
    expect(guard.status(remote)).toMatchObject({ action: 'hold', rule: 'cannot-read' });
    expect(guard.status(remote)?.reason).toBe('cannot judge, holding: connect ECONNREFUSED 127.0.0.1:5432');
    const state = await store.state(remote);
    expect(state).toMatchObject({ current, canary: { version: canary, share: 10 } });
    await store.close();
  });
});
