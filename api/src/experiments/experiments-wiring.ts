/**
 * The experiments feature, put together for app.ts: its store (the database the leads use), the
 * service, the API router, the guard's timer and the hook the content service calls before a write.
 */
import type { DatabaseConnection } from '../platform/database';
import type { Registry } from 'prom-client';
import type { Context } from 'koa';
import type { AppConfig } from '../app-config';
import type { ContentRole } from '../platform/config';
import type { Logger } from '../platform/logger';
import { runnerOn, type Statement } from '../platform/sql-runner';
import type { ContentService } from '../content/content-service';
import { judgeRunning } from './experiment-guard';
import { experimentMetrics } from './experiment-metrics';
import { readResults } from './experiment-results';
import { ExperimentService } from './experiment-service';
import { ExperimentStore, type Experiment, type ExperimentCommit } from './experiment-store';
import { experimentsRouter } from './experiments.router';
import { guardrailFailures, planEnd } from './guardrail-rules';
import { armLabelKey, ExperimentServing } from './experiment-serving';
import { Poller } from '../platform/poller';
import type { EditorialStore } from '../content/editorial-store';
import type { LiveContent } from '../content/live-content';
import type { ViewClaims } from '../rum/page-view-tokens';
import type { CountedView } from '../rum/counted-view';
import type { LeadView } from '../leads/lead-views';

/** How often the guard reads running experiments. */
export const EXPERIMENT_GUARD_MS = 60_000;
/** How often an instance reads which experiments run (another instance may have started or stopped one). */
const FOLLOW_MS = 2_000;

export interface ExperimentsWiringDeps {
  config: AppConfig;
  logger: Logger;
  clock: () => Date;
  /** The process's database (the database module's). */
  database(): Promise<DatabaseConnection>;
  content: ContentService;
  /** Called after a ship published content. */
  changed(): Promise<void>;
  person?(ctx: Context): Promise<{ email: string; role: ContentRole } | undefined>;
  registry: Registry;
  editorial(): Promise<EditorialStore>;
  live: LiveContent;
  /** A secret every instance shares: arm labels are signed with a key derived from it. */
  secret(): Promise<string>;
  /** The visitor's stable id, set when new; and the one the request holds, if any (the serving module's). */
  visitor(ctx: Context): string;
  heldVisitor(ctx: Context): string | undefined;
  /** What dependents add to every experiment change's transaction. */
  added?(commit: ExperimentCommit): readonly Statement[];
}

export function experimentsWiring(deps: ExperimentsWiringDeps) {
  const { config, logger, clock } = deps;
  let opened: Promise<ExperimentStore> | undefined;
  const store = () => (opened ??= deps.database().then((connection) => new ExperimentStore(runnerOn(connection))));
  const counted = experimentMetrics(deps.registry, store);
  const serving = new ExperimentServing({
    ...{ editorial: deps.editorial, live: deps.live, clock, allowHeadless: config.rum.allowHeadless },
    visitor: deps.visitor,
  });
  const follower = new Poller(
    async () => serving.follow(await (await store()).running()),
    logger,
    { failing: 'running experiments could not be read: serving the last ones read', recovered: 'running experiments read again' },
    FOLLOW_MS,
  );
  const service = new ExperimentService({
    ...{ store, content: deps.content, changed: deps.changed, clock, onEvent: counted, added: deps.added },
    // This instance serves a change before answering it (others follow within FOLLOW_MS); refresh()
    // resolves after a read begun after the call, so it sees the change just committed.
    followed: () => follower.refresh(),
  });
  const record = (view: { id: string; client: string; arm?: string }, visitor: string) => {
    const [experimentId, arm] = (view.arm ?? '').split(':');
    if (!experimentId || !arm || !serving.runs(experimentId)) return Promise.resolve();
    const at = clock().getTime();
    return store()
      .then((db) => db.recordView({ viewId: view.id, experimentId, arm, visitor, client: view.client, at }))
      .catch((error: unknown) => logger.warn({ err: error }, 'an experiment view could not be filed'));
  };
  const reading = async (experiment: Experiment) => {
    const db = await store();
    return readResults(experiment, {
      rows: await db.armClients(experiment.id),
      p75: (arm, metric) => db.p75(experiment.id, arm, metric),
      maxClientShare: config.canary.maxClientShare,
    });
  };
  const results = async (experiment: Experiment) => {
    const read = await reading(experiment);
    return {
      ...read,
      guardrails: experiment.state === 'running' ? guardrailFailures(experiment, read) : [],
      planEnd: experiment.state === 'running' ? planEnd(experiment, read, clock().getTime()) : null,
    };
  };
  const guard = { service, results: reading, clock, logger };
  let timer: NodeJS.Timeout | undefined;
  return {
    service,
    store,
    router: experimentsRouter({ service, results, tokens: config.contentTokens, person: deps.person }),
    /** One round of the guard (tests call it; the timer calls it every EXPERIMENT_GUARD_MS). */
    judge: () => judgeRunning(guard),
    /** The arm a page is served in, for the site's pages. */
    armFor: (ctx: Context, path: string) => serving.armFor(ctx, path),
    /** A view token issued for a page in an arm: an exposure, of the visitor the canary cookie names. */
    armViewed: (view: ViewClaims, ctx: Context) => record(view, deps.heldVisitor(ctx) ?? view.id),
    /** A contact post's view: one made at the post (a form sent without script) is its own visitor's exposure. */
    leadView: (view: LeadView | undefined) => (view && void record(view, view.id), view),
    /** A report of a view: its guardrail figures, kept only for views an experiment served. */
    viewReported(view: CountedView) {
      if (!serving.active()) return;
      const report = {
        errored: view.errorSections.length > 0,
        failedLoad: view.failedRemotes.length > 0,
        lcpMs: view.metrics.lcp,
        inpMs: view.metrics.inp,
      };
      void store()
        .then((db) => db.recordViewReport(view.id, report))
        .catch((error: unknown) => logger.warn({ err: error }, 'an experiment view report could not be filed'));
    },
    async start() {
      serving.key = armLabelKey(await deps.secret());
      await follower.start();
      timer ??= setInterval(() => void judgeRunning(guard), EXPERIMENT_GUARD_MS);
      timer.unref();
    },
    async stop() {
      follower.stop();
      clearInterval(timer);
      timer = undefined;
      if (opened) await (await opened).close();
    },
  };
}
