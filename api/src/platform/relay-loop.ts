/**
 * The loop of a relay that drains a table of things to deliver (the leads' outbox, the release
 * notices): a pass every `pollMs`, and a pass on a kick (right after something was written) so
 * nothing waits for the next poll. A pass takes batches until one comes back short; a kick during
 * a pass schedules one more rather than a second pass at once.
 */
import type { Logger } from './logger';

export interface RelayLoopOptions {
  pollMs: number;
  batchSize: number;
}

export class RelayLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  /** `batch` handles one batch and answers how many it handled; `failed` is logged when a pass throws. */
  constructor(
    private readonly batch: () => Promise<number>,
    private readonly options: RelayLoopOptions,
    private readonly logger: Logger,
    private readonly failed: string,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Stops polling and waits for the pass in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.batch()) === this.options.batchSize);
      } catch (error) {
        this.logger.error({ err: error }, this.failed);
      }
    } while (this.again && !this.stopped);
  }
}
