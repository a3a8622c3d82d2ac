/**
 * The canary's parts built from configuration and the app's existing pieces: the guard every
 * instance runs, the relay that tells the team of its decisions on RELEASE_WEBHOOK_URL (the leads'
 * webhook code, guard-notices.ts), and what the release health answers show of the running canary
 * and the guard's last conclusion.
 */
import type { CanaryHealth, RemoteName } from '@cardlift/contracts';
import type { RelayOptions } from '../../platform/delivery-retries';
import type { AppConfig } from '../../app-config';
import type { Logger } from '../../platform/logger';
import type { RumAggregator } from '../../rum/rum-aggregator';
import type { RumStore } from '../../rum/rum-store';
import type { RegistryFollower } from '../../serving/registry-follower';
import type { RegistryStore } from '../registry-store';
import type { ReleaseNoticeStore } from '../release-notices';
import { CanaryGuard } from './canary-guard';
import { NoticeRelay } from './guard-notices';

export interface CanaryWiringDeps {
  config: AppConfig;
  logger: Logger;
  follower: RegistryFollower;
  registryStore(): Promise<RegistryStore>;
  /** The release notices (the notices module's). */
  releaseNotices(): Promise<ReleaseNoticeStore>;
  rumStore(): Promise<RumStore>;
  aggregator: RumAggregator;
  /** How the notice relay polls, leases and retries (the leads' relay options unless given). */
  noticeRelay?: Partial<RelayOptions> | undefined;
  /** Told of each guard decision this instance committed. */
  onDecision?(remote: RemoteName, action: string): void;
}

export function canaryWiring(deps: CanaryWiringDeps) {
  const { config, follower } = deps;
  // Without a webhook no notice is written, and none is sent.
  const notices = config.releaseWebhookUrl
    ? new NoticeRelay(config.releaseWebhookUrl, deps.releaseNotices, deps.logger, deps.noticeRelay)
    : undefined;
  const guard = new CanaryGuard({
    settings: config.canary,
    store: deps.registryStore,
    rum: deps.rumStore,
    aggregator: deps.aggregator,
    follower,
    logger: deps.logger,
    ...(notices ? { notices } : {}),
    ...(deps.onDecision ? { onDecision: deps.onDecision } : {}),
  });
  const canaryHealth = (remote: RemoteName): CanaryHealth | null => {
    const canary = follower.canaries().get(remote);
    if (!canary) return null;
    const status = guard.status(remote);
    const { minViews, bakeMs } = config.canary;
    const steps = config.canary.stepsFor[remote] ?? config.canary.steps;
    // The guard's last look counted each side's views since the share began; until then, none.
    const figures = status?.version === canary.version ? status.figures : undefined;
    const views = { canary: figures?.canary.views ?? 0, current: figures?.current.views ?? 0 };
    const enough = views.canary >= minViews && views.current >= minViews;
    return {
      ...canary,
      guard: status ? { action: status.action, rule: status.rule, reason: status.reason, at: status.at } : null,
      progress: {
        minViews,
        views,
        // A person promotes each step with `manual`; otherwise the step is due once the share has baked
        // and both sides have their views (not before the guard's next look).
        nextStepDue: steps === 'manual' || !enough ? null : new Date(Date.parse(canary.since) + bakeMs).toISOString(),
      },
    };
  };
  const start = () => {
    guard.start();
    if (notices) notices.start();
    else void warnOfWaitingNotices(deps);
  };
  /** Stops the guard, then the notice relay after its attempts in flight; what still waits stays pending. */
  const stop = async () => {
    await guard.stop();
    await notices?.stop();
  };
  return { guard, notices, canaryHealth, start, stop };
}

/**
 * Notices written while a webhook was set wait for one: without RELEASE_WEBHOOK_URL nothing sends
 * them, and an operator who removed it should hear that decisions were left untold.
 */
async function warnOfWaitingNotices(deps: CanaryWiringDeps): Promise<void> {
  // Unreadable now (the database down): the relay's own metrics tell later; nothing to warn of here.
  const pending = await deps
    .releaseNotices()
    .then((notices) => notices.backlog())
    .then(
      (backlog) => backlog.pending,
      () => 0,
    );
  if (pending > 0)
    deps.logger.warn(
      { pending },
      `${pending} guard decision notices wait for RELEASE_WEBHOOK_URL: they are sent, oldest first, once it is set again`,
    );
}
