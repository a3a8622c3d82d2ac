/**
 * The canary's parts built from configuration and the app's existing pieces: the guard every
 * instance runs, the release webhook it announces through (the leads' webhook code, retried by
 * guard-notices.ts), and what the release health answers show of the running canary and the guard's
 * last conclusion.
 */
import type { CanaryHealth, RemoteName } from '@cardlift/contracts';
import { postWebhook } from '../../leads/notifiers';
import type { AppConfig } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import type { RumAggregator } from '../../rum/rum-aggregator';
import type { RumStore } from '../../rum/rum-store';
import type { RegistryFollower } from '../registry-follower';
import type { RegistryStore } from '../registry-store';
import { CanaryGuard, type GuardDecision } from './canary-guard';
import { GuardNotices, type NoticeRetry } from './guard-notices';

export interface CanaryWiringDeps {
  config: AppConfig;
  logger: Logger;
  follower: RegistryFollower;
  registryStore(): Promise<RegistryStore>;
  rumStore(): Promise<RumStore>;
  aggregator: RumAggregator;
  /** How a notice the webhook does not take is tried again (DEFAULT_NOTICE_RETRY unless given). */
  noticeRetry?: NoticeRetry;
}

/** Announces a guard decision as `release.guard` on RELEASE_WEBHOOK_URL (one key per decision). */
function releaseWebhook(url: string): (decision: GuardDecision) => Promise<void> {
  return (decision) =>
    postWebhook(url, { type: 'release.guard', ...decision }, `${decision.remote}:${decision.version}:${decision.action}:${decision.at}`);
}

export function canaryWiring(deps: CanaryWiringDeps) {
  const { config, follower } = deps;
  const notices = config.releaseWebhookUrl
    ? new GuardNotices(releaseWebhook(config.releaseWebhookUrl), deps.logger, deps.noticeRetry)
    : undefined;
  const guard = new CanaryGuard({
    settings: config.canary,
    store: deps.registryStore,
    rum: deps.rumStore,
    aggregator: deps.aggregator,
    follower,
    logger: deps.logger,
    ...(notices ? { announce: (decision: GuardDecision) => notices.post(decision) } : {}),
  });
  const canaryHealth = (remote: RemoteName): CanaryHealth | null => {
    const canary = follower.canaries().get(remote);
    if (!canary) return null;
    const status = guard.status(remote);
    return {
      ...canary,
      guard: status ? { action: status.action, rule: status.rule, reason: status.reason, at: status.at } : null,
    };
  };
  /** Stops the guard, then the notices' retries (what still waits is logged as given up). */
  const stop = async () => {
    await guard.stop();
    await notices?.stop();
  };
  return { guard, canaryHealth, stop };
}
