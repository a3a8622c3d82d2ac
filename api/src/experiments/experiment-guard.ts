/**
 * Reads every running experiment now and then (on every instance: a change names the version it
 * read, so two instances acting at once change it once) and acts on guardrail-rules.ts: switches a
 * failing variant off, and stops the experiment when its plan is done. A person then ships an arm.
 */
import type { Logger } from '../platform/logger';
import { guardrailFailures, planEnd } from './guardrail-rules';
import type { ExperimentResults } from './experiment-results';
import type { ExperimentService } from './experiment-service';
import type { Experiment } from './experiment-store';

export interface ExperimentGuardDeps {
  service: ExperimentService;
  results(experiment: Experiment): Promise<ExperimentResults>;
  clock: () => Date;
  logger: Logger;
}

export async function judgeRunning({ service, results, clock, logger }: ExperimentGuardDeps): Promise<void> {
  for (let experiment of await (await service.store()).running()) {
    try {
      const reading = await results(experiment);
      for (const failure of guardrailFailures(experiment, reading)) {
        experiment = await service.switchOff(experiment, failure.arm, failure.reason);
        logger.warn({ experiment: experiment.id, arm: failure.arm }, `experiment variant switched off: ${failure.reason}`);
      }
      if (experiment.state !== 'running') continue;
      const done = planEnd(experiment, reading, clock().getTime());
      if (done) {
        await service.stop(experiment.id, 'guard', done);
        logger.info({ experiment: experiment.id }, `experiment stopped: ${done}`);
      }
    } catch (error) {
      // Another instance acted first (a version conflict) or the store blinked: the next round reads again.
      logger.warn({ err: error, experiment: experiment.id }, 'experiment guard could not act');
    }
  }
}
