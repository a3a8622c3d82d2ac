/**
 * What this api instance believes is current: the registry's versions, read from the database at
 * start and then every POLL_MS, so a release or rollback made through any instance (or the CLI) is
 * served by every instance within about a second, without a restart. A failed read keeps the last
 * known versions and is logged: a database blip never takes the site down.
 */
import type { Logger } from '../platform/logger';
import type { CurrentVersions } from './remote-registry';
import type { RegistryStore } from './registry-store';

export const POLL_MS = 500;

export class RegistryFollower {
  private versions: CurrentVersions = new Map();
  private timer: NodeJS.Timeout | undefined;
  private failing = false;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly store: () => Promise<RegistryStore>,
    private readonly logger: Logger,
    private readonly pollMs = POLL_MS,
  ) {}

  /** The versions last read (empty before start: every remote serves its checkout build). */
  current(): CurrentVersions {
    return this.versions;
  }

  /** Reads the registry; a read already under way is shared rather than doubled. */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      this.versions = await (await this.store()).currentVersions();
      if (this.failing) this.logger.info('registry readable again');
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.logger.error({ err: error }, 'cannot read the registry; serving the last known versions');
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
