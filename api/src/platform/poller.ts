/**
 * Reads something shared every `pollMs` (the registry, the published content), so a change made
 * through any instance reaches every instance without a restart. A read already under way is
 * shared rather than doubled; a failed read keeps what was read last and is logged once until a
 * read succeeds again: a database blip never takes the site down.
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

  refresh(): Promise<void> {
    this.reading ??= this.attempt().finally(() => (this.reading = undefined));
    return this.reading;
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
    this.timer ??= setInterval(() => void this.refresh(), this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
