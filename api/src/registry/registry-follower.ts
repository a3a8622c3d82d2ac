/**
 * What this api instance believes is current: the registry's versions, read from the database at
 * start and then every POLL_MS, so a release or rollback made through any instance (or the CLI) is
 * served by every instance within about a second, without a restart. A failed read keeps the last
 * known versions and is logged: a database blip never takes the site down.
 */
import type { RemoteName } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { Poller } from '../platform/poller';
import type { CurrentVersions } from './remote-registry';
import type { Canary, RegistryStore } from './registry-store';

export const POLL_MS = 500;

export class RegistryFollower {
  private versions: CurrentVersions = new Map();
  private canaryOf: ReadonlyMap<RemoteName, Canary> = new Map();
  private readonly poller: Poller;

  constructor(
    private readonly store: () => Promise<RegistryStore>,
    logger: Logger,
    pollMs = POLL_MS,
  ) {
    const messages = { failing: 'cannot read the registry; serving the last known versions', recovered: 'registry readable again' };
    this.poller = new Poller(
      async () => {
        // One read: a canary's completion (current moved, canary cleared) is never seen half-done.
        const serving = await (await this.store()).serving();
        this.versions = serving.current;
        this.canaryOf = serving.canaries;
      },
      logger,
      messages,
      pollMs,
    );
  }

  /** The versions last read (empty before start: every remote serves its checkout build). */
  current(): CurrentVersions {
    return this.versions;
  }

  /** The canaries last read: remote -> version and share. */
  canaries(): ReadonlyMap<RemoteName, Canary> {
    return this.canaryOf;
  }

  /** Reads the registry; a read already under way is shared rather than doubled. */
  refresh(): Promise<void> {
    return this.poller.refresh();
  }

  start(): Promise<void> {
    return this.poller.start();
  }

  stop(): void {
    this.poller.stop();
  }
}
