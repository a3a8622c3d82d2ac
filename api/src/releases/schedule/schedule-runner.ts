/**
 * Every instance looks for due scheduled actions every half second and carries out those it finds
 * (schedule-service.ts): whichever instance is up does it, within a second of its time, and once,
 * since the commit that carries it out also ends it. A failed look (the database away) is logged once
 * and tried again at the next tick: the action waits in the database meanwhile.
 */
import type { Logger } from '../../platform/logger';
import { Poller } from '../../platform/poller';
import type { ReleaseContext } from '../release-service';
import { carryOut } from './schedule-service';

const POLL_MS = 500;

export class ScheduleRunner {
  private readonly poller: Poller;

  constructor(
    private readonly context: () => Promise<ReleaseContext>,
    private readonly logger: Logger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.poller = new Poller(
      () => this.tick(),
      logger,
      { failing: 'scheduled releases cannot be read', recovered: 'scheduled releases readable again' },
      POLL_MS,
    );
  }

  /** One look: carries out what is due. */
  async tick(): Promise<void> {
    const context = await this.context();
    const now = this.clock().getTime();
    for (const scheduled of await context.store.schedules()) {
      if (Date.parse(scheduled.dueAt) > now) break;
      const outcome = await carryOut(context, scheduled);
      if (outcome === 'gone') continue;
      const late = now - Date.parse(scheduled.dueAt);
      const fields = { remote: scheduled.remote, version: scheduled.version, share: scheduled.share, lateMs: late };
      if (outcome === 'done') this.logger.info(fields, 'scheduled release carried out');
      else this.logger.warn(fields, 'scheduled release refused at its time: the registry had changed (see the release events)');
    }
  }

  start(): Promise<void> {
    return this.poller.start();
  }

  stop(): void {
    this.poller.stop();
  }
}
