/**
 * The canary guard: every instance ticks while a canary runs, and for each canary one of them makes
 * the step's decision (RegistryStore.decide: PostgreSQL's try-lock in the deciding transaction, or
 * SQLite's single writer; the registry's revision check refuses a second decision on the same step).
 * It compares the canary with the current version on the same pages (the routes both have page views
 * on) and the same window (since the share last changed), from the stored aggregates, and rolls
 * back, steps up, completes or holds. What it cannot judge (too few views, an unreadable database)
 * it holds and says why; it never promotes then.
 */
import type { RemoteName } from '@cardlift/contracts';
import type { CanarySettingsConfig } from '../../app-config';
import type { Logger } from '../../platform/logger';
import type { RumAggregator } from '../../rum/rum-aggregator';
import type { RumStore } from '../../rum/rum-store';
import type { RegistryFollower } from '../../serving/registry-follower';
import { RegistryConflict, type RegistryChange, type RegistryStore, type RemoteState } from '../registry-store';
import type { Actor } from '../release-service';
import { baselineFigures, comparedFigures, renderFigures } from './canary-figures';
import { decideCanary, type CanaryDecision, type CanaryInput, type SideFigures } from './canary-rules';
import { completeCanaryChange, endCanaryChange, overdueHoldChange, stepCanaryChange } from './canary-service';

/** How long before a canary's start the current version's own figures are read, to see whether they jumped since. */
export const BASELINE_MINUTES = 24 * 60;

/** Who the audit trail names for the guard's decisions. */
export const GUARD_ACTOR: Actor = { actor: 'guard' };

/** What the guard last concluded about a remote's canary (shown by the health endpoint). */
export interface GuardStatus {
  version: string;
  share: number;
  action: CanaryDecision['action'];
  rule: CanaryDecision['rule'];
  reason: string;
  at: string;
  /** The share a step moves to. */
  nextShare?: number;
  figures?: { canary: SideFigures; current: SideFigures };
  /** The routes the figures cover: those both versions have page views on in the window. */
  routes?: string[];
  /** Each side's server renders in the window, on every page. */
  renders?: CanaryInput['renders'];
}

/** A decision the guard committed, as announced to the team. */
export interface GuardDecision extends GuardStatus {
  remote: RemoteName;
  from: string;
}

/** How the team is told of decisions, when it is (RELEASE_WEBHOOK_URL; guard-notices.ts). */
export interface DecisionNotices {
  /** The notice committed with the decision's release event: the webhook's body. */
  body(decision: GuardDecision): string;
  /** A decision and its notice were committed; returns at once (the tick never waits for the webhook). */
  committed(): void;
}

export interface CanaryGuardDeps {
  settings: CanarySettingsConfig;
  store(): Promise<RegistryStore>;
  rum(): Promise<RumStore>;
  aggregator: RumAggregator;
  follower: RegistryFollower;
  logger: Logger;
  /** Each decision is committed with its notice to the team when set. */
  notices?: DecisionNotices;
  /** Told of each decision this instance committed (the metrics count them). */
  onDecision?(remote: RemoteName, action: string): void;
  now?(): Date;
}

export class CanaryGuard {
  private readonly statuses = new Map<RemoteName, GuardStatus>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;

  constructor(private readonly deps: CanaryGuardDeps) {}

  start(): void {
    this.timer ??= setInterval(() => void this.tick(), this.deps.settings.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /** The last conclusion about `remote`'s running canary, or undefined. */
  status(remote: RemoteName): GuardStatus | undefined {
    const status = this.statuses.get(remote);
    const canary = this.deps.follower.canaries().get(remote);
    return status && canary?.version === status.version ? status : undefined;
  }

  /** Looks at every running canary once; a tick still under way is shared rather than doubled. */
  tick(): Promise<void> {
    this.ticking ??= this.judgeAll().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async judgeAll(): Promise<void> {
    const remotes = [...this.deps.follower.canaries().keys()];
    if (remotes.length === 0) return;
    // This instance's buffered reports count too: written before anything is read.
    await this.deps.aggregator.flush();
    for (const remote of remotes) await this.judge(remote);
  }

  private async judge(remote: RemoteName): Promise<void> {
    const at = (this.deps.now?.() ?? new Date()).toISOString();
    let committed: GuardDecision | undefined;
    try {
      const store = await this.deps.store();
      const outcome = await store.decide(remote, async () => {
        const state = await store.state(remote);
        if (!state.canary || !state.current) return undefined;
        const status = await this.conclude(remote, state, at);
        // A hold is recorded only when it is overdue, once per share: the team is asked to decide.
        if (status.action === 'hold' && (status.rule !== 'overdue' || (await this.reportedHold(remote, state)))) return undefined;
        const decision: GuardDecision = { ...status, remote, from: state.current };
        committed = decision;
        const change = this.changeFor(state, remote, status, at);
        // The notice is written in the decision's transaction: a committed decision always has its notice.
        const notice = this.deps.notices?.body(decision);
        return notice === undefined ? change : { ...change, events: change.events.map((line) => ({ ...line, notice })) };
      });
      if (outcome !== 'committed' || !committed) return;
      this.deps.logger.info({ ...committed }, `canary guard: ${committed.action} (${committed.rule})`);
      this.deps.onDecision?.(remote, committed.action);
      await this.deps.follower.refresh();
      this.deps.notices?.committed();
    } catch (error) {
      // Another instance decided this step first: its decision stands, nothing to do here.
      if (error instanceof RegistryConflict) return;
      const canary = this.deps.follower.canaries().get(remote);
      if (!canary) return;
      const reason = `cannot judge, holding: ${(error as Error).message}`;
      this.remember(remote, { version: canary.version, share: canary.share, action: 'hold', rule: 'cannot-read', reason, at });
    }
  }

  /** Reads both sides' figures since the share began (and the current's from before the canary) and applies the rules. */
  private async conclude(remote: RemoteName, state: RemoteState, at: string): Promise<GuardStatus> {
    const canary = state.canary!;
    const current = state.current!;
    const since = Date.parse(canary.since);
    const started = await this.canaryStart(remote, canary);
    const rum = await this.deps.rum();
    const sinceMinute = Math.floor(since / 60_000);
    const startMinute = Math.floor(started / 60_000);
    const [totals, clients, timings, leads, before] = await Promise.all([
      rum.routeTotals(sinceMinute, remote),
      rum.clientTotals(sinceMinute, remote),
      rum.clientTimingTotals(sinceMinute, remote),
      rum.leadViewTotals(sinceMinute, remote),
      rum.routeTotals(startMinute - BASELINE_MINUTES, remote, startMinute),
    ]);
    const settings = this.deps.settings;
    const { routes, withoutTopClients, ...figures } = comparedFigures(
      totals,
      { clients, timings, leads },
      { canary: canary.version, current },
      settings.maxClientShare,
    );
    const renders = { canary: renderFigures(totals, canary.version), current: renderFigures(totals, current) };
    const decision = decideCanary({
      ...figures,
      renders,
      baseline: baselineFigures(before, current, routes),
      withoutTopClients,
      share: canary.share,
      elapsedMs: Date.parse(at) - since,
      settings: {
        minViews: settings.minViews,
        minClients: settings.minClients,
        bakeMs: settings.bakeMs,
        maxHoldMs: settings.maxHoldMs,
        steps: settings.stepsFor[remote] ?? settings.steps,
      },
    });
    const { action, rule, reason } = decision;
    const status: GuardStatus = { version: canary.version, share: canary.share, action, rule, reason, at, figures, routes, renders };
    if (decision.action === 'step') status.nextShare = decision.share;
    this.remember(remote, status);
    return status;
  }

  /** When the canary first started (its first share), from the audit trail; its current share's start if not found. */
  private async canaryStart(remote: RemoteName, canary: NonNullable<RemoteState['canary']>): Promise<number> {
    const events = await (await this.deps.store()).events(remote);
    const start = events.filter((e) => e.action === 'canary' && e.version === canary.version).at(-1);
    return Date.parse(start?.at ?? canary.since);
  }

  /** Whether this share's overdue hold was reported already (by any instance). */
  private async reportedHold(remote: RemoteName, state: RemoteState): Promise<boolean> {
    const canary = state.canary!;
    const events = await (await this.deps.store()).events(remote);
    return events.some((e) => e.action === 'hold' && e.version === canary.version && Date.parse(e.at) >= Date.parse(canary.since));
  }

  private changeFor(state: RemoteState, remote: RemoteName, status: GuardStatus, at: string): RegistryChange {
    const details = JSON.stringify({
      rule: status.rule,
      reason: status.reason,
      share: status.share,
      figures: status.figures,
      routes: status.routes,
      renders: status.renders,
    });
    if (status.action === 'hold') return overdueHoldChange(state, remote, GUARD_ACTOR, at, details);
    if (status.action === 'rollback') return endCanaryChange(state, remote, GUARD_ACTOR, at, details);
    if (status.action === 'complete') return completeCanaryChange(state, remote, GUARD_ACTOR, at, details);
    return stepCanaryChange(state, remote, status.nextShare!, GUARD_ACTOR, at, details);
  }

  /** Keeps the conclusion; a hold is logged when its rule changes (not on every tick). */
  private remember(remote: RemoteName, status: GuardStatus): void {
    const before = this.statuses.get(remote);
    this.statuses.set(remote, status);
    if (status.action === 'hold' && (before?.rule !== status.rule || before.version !== status.version)) {
      const log = status.rule === 'cannot-read' ? this.deps.logger.warn : this.deps.logger.info;
      log.call(
        this.deps.logger,
        { remote, version: status.version, share: status.share, rule: status.rule },
        `canary guard holds: ${status.reason}`,
      );
    }
  }
}
