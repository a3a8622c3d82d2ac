/** Scheduled releases on this instance: the runner that carries out what is due (the API is the release API's). */
import type { Logger } from '../../platform/logger';
import type { ReleaseContext } from '../release-service';
import { ScheduleRunner } from './schedule-runner';

export function scheduleWiring(deps: { context(): Promise<ReleaseContext>; logger: Logger; clock?: () => Date }) {
  const runner = new ScheduleRunner(deps.context, deps.logger, deps.clock);
  return {
    runner,
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
}
