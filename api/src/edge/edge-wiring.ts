/**
 * The shared caches' part of the app: the headers of shared and private answers, the purge relay
 * every instance runs, the tags of overdue purges (read every half second, so every instance answers
 * them briefly), and the purge backlog on /metrics.
 */
import type { RelayOptions } from '../platform/delivery-retries';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { SiteMetrics } from '../metrics/site-metrics';
import { Poller } from '../platform/poller';
import type { PurgeJobStore } from './purge-jobs';
import { contactNotSentRouter } from './contact-not-sent.router';
import { deployMarks, purgeDeployChanges } from './deploy-purges';
import { cacheDefaults, sharedAnswers } from './edge-answers';
import { PurgeRelay } from './purge-relay';
import { purgeTarget } from './purge-targets';

export interface EdgeWiringDeps {
  config: AppConfig;
  logger: Logger;
  /** The purge jobs, in the process's database. */
  purges(): Promise<PurgeJobStore>;
  /** Reads the registry and the content again now (before a purge pass). */
  follow(): Promise<void>;
  /** Where the purge backlog's gauges are registered (/metrics). */
  metrics: SiteMetrics;
  relay?: Partial<RelayOptions> | undefined;
}

const OVERDUE_POLL_MS = 500;

export function edgeWiring({ config, logger, purges: store, follow, metrics, relay: relayOptions }: EdgeWiringDeps) {
  const { times, targets, overdueAfterMs, settleAfterMs } = config.edge;
  const relay = new PurgeRelay({ store, targets: targets.map(purgeTarget), logger, follow, settleAfterMs }, relayOptions);
  let overdue: ReadonlySet<string> = new Set();
  // A copy cached before an undelivered purge lives at most its TTL and stale window: older jobs no longer matter.
  const horizonMs = (times.pageTtl + times.staleWhileRevalidate) * 1000;
  const tracker = new Poller(
    async () => {
      const now = Date.now();
      overdue = new Set(await (await store()).unsentTags(now - horizonMs - overdueAfterMs, now - overdueAfterMs));
    },
    logger,
    { failing: 'edge: cannot read the overdue purges', recovered: 'edge: overdue purges readable again' },
    OVERDUE_POLL_MS,
  );
  const gauge = metrics.backlogGauges(() => store().then((jobs) => jobs.backlog()));
  gauge('cardlift_edge_purges_pending', 'Cache purges waiting to be delivered to every configured cache', (b) => b.pending);
  gauge('cardlift_edge_purges_failed', 'Cache purges given up on after a day of attempts', (b) => b.failed);
  gauge('cardlift_edge_purge_oldest_pending_age_seconds', 'Age of the oldest cache purge still to deliver', (b) =>
    b.oldestPendingAt === null ? 0 : Math.max(0, (Date.now() - b.oldestPendingAt) / 1000),
  );
  return {
    relay,
    /** Inside the compression middleware: headers, tags, ETag and 304 of the answers routes declare shared. */
    shared: sharedAnswers(times, () => overdue),
    /** Outermost: every other answer private or no-store, and untagged. */
    defaults: cacheDefaults(),
    /** The page a cache serves for a contact form no origin took. */
    router: contactNotSentRouter(),
    async start() {
      // Recorded even without a cache configured, so adding one later compares with what was served.
      await purgeDeployChanges(await store(), deployMarks(config), logger);
      await tracker.start();
      relay.start();
      if (targets.length === 0)
        logger.info({ pageTtl: times.pageTtl }, 'EDGE_PURGE names no cache: a cache in front learns of a change when its copy expires');
    },
    async stop() {
      tracker.stop();
      await relay.stop();
    },
  };
}
