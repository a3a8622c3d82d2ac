/**
 * The experiments feature, put together for app.ts: its store (the database the leads use), the
 * service, the API router, the guard's timer and the hook the content service calls before a write.
 */
import type { Registry } from 'prom-client';
import type { Context } from 'koa';
import type { AppConfig, ContentRole } from '../platform/config';
import type { Logger } from '../platform/logger';
import { postgresRunner, sqliteRunner } from '../platform/sql-runner';
import type { ContentService } from '../content/content-service';
import { judgeRunning } from './experiment-guard';
import { experimentMetrics } from './experiment-metrics';
import { readResults } from './experiment-results';
import { ExperimentService } from './experiment-service';
import { ExperimentStore, type Experiment } from './experiment-store';
import { experimentsRouter } from './experiments.router';
import { guardrailFailures, planEnd } from './guardrail-rules';

/** How often the guard reads running experiments. */
export const EXPERIMENT_GUARD_MS = 60_000;

export interface ExperimentsWiringDeps {
  config: AppConfig;
  logger: Logger;
  clock: () => Date;
  content: ContentService;
  /** Called after a ship published content. */
  changed(): Promise<void>;
  person?(ctx: Context): Promise<{ email: string; role: ContentRole } | undefined>;
  registry: Registry;
}

export function experimentsWiring(deps: ExperimentsWiringDeps) {
  const { config, logger, clock } = deps;
  let opened: Promise<ExperimentStore> | undefined;
  const store = () =>
    (opened ??= (config.databaseUrl ? postgresRunner(config.databaseUrl) : Promise.resolve(sqliteRunner(config.dataDir))).then(
      (db) => new ExperimentStore(db),
    ));
  const onEvent = experimentMetrics(deps.registry, store);
  const service = new ExperimentService({ store, content: deps.content, changed: deps.changed, clock, onEvent });
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
    start() {
      timer ??= setInterval(() => void judgeRunning(guard), EXPERIMENT_GUARD_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      if (opened) await (await opened).close();
    },
  };
}
