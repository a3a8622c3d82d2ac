/**
 * A guard decision made while the release webhook is down is not lost when its api instance stops:
 * a new instance, started after the first was closed, tells the team once the webhook is back,
 * exactly once; one started meanwhile without the webhook sends nothing and warns that notices wait.
 * On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import pino from 'pino';
import { createApp, type App } from '../../app';
import { openRumStore } from '../../rum/rum-store';
import { describeEachDatabase } from '../../../test/databases';
import { releaseWebhook, within } from '../../../test/release-webhook';
import { storeViews } from '../../../test/rum-rows';
import { releaseContext } from '../release-context';
import { checkoutConfig, tempCheckout } from '../test-fixtures';
import { CANARY_REMOTE, releaseWithCanary } from './canary-fixtures';

const remote = CANARY_REMOTE;
/** Retries every few tens of milliseconds, and never out of attempts within the test. */
const noticeRelay = { pollMs: 20, baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 1000 };

describeEachDatabase('guard notices across a restart', 'notices_restart', (database) => {
  it('a decision made while the webhook is down reaches the team once, through an instance started later', async () => {
    let up = false;
    const hook = releaseWebhook(() => ({ status: up ? 204 : 503 }));
    const config = checkoutConfig(tempCheckout(), 'invest-token', {
      RELEASE_WEBHOOK_URL: await hook.listen(),
      ...(await database.env()),
      CANARY_MIN_VIEWS: '20',
      CANARY_BAKE_MS: '0',
      CANARY_STEPS: '10,100',
      CANARY_GUARD_INTERVAL_MS: '50',
    });
    const rum = await openRumStore(config);
    let second: App | undefined;
    try {
      const first = createApp({ config, noticeRelay });
      await first.start();
      const context = releaseContext(config, await first.registryStore());
      const { current, canary } = await releaseWithCanary(context);
      for (const version of [current, canary]) await storeViews(rum, { version, views: 30 });

      // The guard completes the canary; the webhook refuses its notice, again and again, until the instance stops.
      const store = await first.registryStore();
      await within(10_000, async () => (await store.events(remote)).some((e) => e.actor === 'guard'));
      await within(5000, () => hook.attempts.length >= 2);
      await first.close();
      const refused = hook.attempts.length;
      expect(hook.taken).toHaveLength(0);

      // An instance started without the webhook sends nothing, and says what waits.
      const lines: { msg: string; pending?: number }[] = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
      const untold = createApp({ config: { ...config, releaseWebhookUrl: undefined }, noticeRelay, logger });
      await untold.start();
      await within(5000, () => lines.some((line) => line.pending === 1));
      expect(lines.find((line) => line.pending === 1)?.msg).toMatch(/wait for RELEASE_WEBHOOK_URL/);
      await untold.close();
      expect(hook.attempts).toHaveLength(refused);

      up = true;
      second = createApp({ config, noticeRelay });
      await second.start();
      const notices = await second.releaseNotices();
      await within(5000, async () => (await notices.backlog()).pending === 0);
      expect(await notices.backlog()).toEqual({ pending: 0, failed: 0 });
      await second.close();
      second = undefined;

      expect(hook.taken.map((a) => [a.body.type, a.body.action, a.body.remote, a.body.version])).toEqual([
        ['release.guard', 'complete', remote, canary],
      ]);
      expect(hook.attempts).toHaveLength(refused + 1);
      // Every attempt, before and after the restart, carries the one key: a receiver drops repeats.
      expect(new Set(hook.attempts.map((a) => a.key)).size).toBe(1);
    } finally {
      await second?.close();
      await rum.close();
      await hook.close();
    }
  }, 30_000);
});
