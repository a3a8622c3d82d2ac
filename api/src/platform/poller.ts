/**
 * Reads something shared every `pollMs` (the registry, the published content), so a change made
 * through any instance reaches every instance without a restart. `refresh()` resolves after a read
 * that began after the call (a read under way may have begun before the caller's change: the purge
 * relay must see a rollback before it purges, or the refills carry the build taken away); callers
 * meanwhile share that one read, and a timer tick during a read is skipped. A failed read keeps what
 * was read last and is logged once until a read succeeds again: a database blip never takes the site
 * down.
 */
import type { Logger } from './logger';

export class Poller {
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly logger: Logger,
    private readonly messages: { failing: string; recovered: string },
    private readonly pollMs: number,
  ) {}

  private next: Promise<void> | undefined;

  refresh(): Promise<void> {
    if (!this.reading) {
      this.reading = this.attempt().finally(() => (this.reading = undefined));
      return this.reading;
    }
    this.next ??= this.reading.then(() => {
      this.next = undefined;
      return this.refresh();
    });
    return this.next;
  }

  private tick(): void {
    if (!this.reading) void this.refresh();
  }

  private async attempt(): Promise<void> {
    try {
      await this.read();
      if (this.failing) this.logger.info(this.messages.recovered);
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.error({ err: error }, this.messages.failing);
      this.failing = true;
    }
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer ??= setInterval(() => this.tick(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
