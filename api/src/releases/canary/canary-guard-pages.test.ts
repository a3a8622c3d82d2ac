/**
 * The guard compares the canary with the current version on the same pages: only the routes both
 * versions have page views on count, on both sides. On SQLite, one instance, the aggregates written
 * as the aggregator writes them.
 */
import pino from 'pino';
import { RumAggregator } from '../../rum/rum-aggregator';
import { openSqliteRumStore } from '../../rum/rum-sql';
import { storeViews } from '../../../test/rum-rows';
import { tempReleaseContext } from '../test-fixtures';
import { CanaryGuard } from './canary-guard';
import { CANARY_REMOTE, readFollower, releaseWithCanary } from './canary-fixtures';

const remote = CANARY_REMOTE;
const logger = pino({ level: 'silent' });

describe('the canary guard compares the same pages', () => {
  it('judges a canary seen on one page against the current version on that page, not on a page only the current one was seen on', async () => {
    const { context, store, config } = tempReleaseContext();
    const { current, canary } = await releaseWithCanary(context);
    const follower = await readFollower(store, logger);
    const rum = openSqliteRumStore(config.dataDir);

    // The canary's visitors only opened the overview, where it paints in 3 s...
    await storeViews(rum, { version: canary, route: '/invest', views: 40, lcpMs: 3000 });
    // ...where the current version paints in 1 s; its visitors also opened a page that paints in 6 s.
    await storeViews(rum, { version: current, route: '/invest', views: 40, lcpMs: 1000 });
    await storeViews(rum, { version: current, route: '/invest/annual-report', views: 120, lcpMs: 6000 });

    const guard = new CanaryGuard({
      settings: { ...config.canary, minViews: 20, bakeMs: 0, steps: [10, 50, 100] },
      store: async () => store,
      rum: async () => rum,
      aggregator: new RumAggregator(async () => rum, logger, { flushMs: 1000, retentionDays: 1, maxKeys: 10 }),
      follower,
      logger,
    });
    await guard.tick();

    // Over the whole section the current version's p75 is the slow page's 6 s and the canary would step up.
    const [rollback] = (await store.events(remote)).filter((e) => e.actor === 'guard');
    expect(rollback).toMatchObject({ action: 'rollback', version: current, fromVersion: canary });
    const details = JSON.parse(rollback!.details!);
    expect(details).toMatchObject({ rule: 'lcp', routes: ['/invest'] });
    expect(details.figures.canary).toMatchObject({ views: 40 });
    expect(details.figures.current).toMatchObject({ views: 40 });
    expect(details.figures.current.p75Lcp).toBeLessThan(1100);
    expect((await store.state(remote)).canary).toBeNull();
    await rum.close();
    await store.close();
  });
});
