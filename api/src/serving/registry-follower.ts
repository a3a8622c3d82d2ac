/**
 * What this api instance believes is current: the registry's versions, read from the database at
 * start and then every POLL_MS, so a release or rollback made through any instance (or the CLI) is
 * served by every instance within about a second, without a restart. A failed read keeps the last
 * known versions and is logged: a database blip never takes the site down. A new build is served
 * once warm (warm-switch.ts): `current()` and `canaries()` are what this instance serves.
 */
import type { RemoteName } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { Poller } from '../platform/poller';
import type { CurrentVersions } from './remote-registry';
import type { Canary, RegistryStore } from '../releases/registry-store';
import { rollbacksAmong, WarmSwitch, type Serving, type WarmBuild } from './warm-switch';

export const POLL_MS = 500;

export class RegistryFollower {
  private versions: CurrentVersions = new Map();
  private canaryOf: ReadonlyMap<RemoteName, Canary> = new Map();
  private readonly poller: Poller;
  private readonly warmSwitch: WarmSwitch;
  /** The registry's versions last read (what is served once its new builds are warm). */
  private target: Serving | undefined;
  /** The sections the last read moves back (rollbacks: never held). */
  private backward: ReadonlySet<RemoteName> = new Set();

  constructor(
    private readonly store: () => Promise<RegistryStore>,
    logger: Logger,
    pollMs = POLL_MS,
    /** Renders a new build's main pages (none: every build is served as soon as read). */
    warm: () => WarmBuild | undefined = () => undefined,
  ) {
    this.warmSwitch = new WarmSwitch(warm, logger, () => this.serve());
    const messages = { failing: 'cannot read the registry; serving the last known versions', recovered: 'registry readable again' };
    this.poller = new Poller(
      async () => {
        // One read: a canary's completion (current moved, canary cleared) is never seen half-done.
        const store = await this.store();
        const serving = await store.serving();
        // The first read is served at once: the start's warm-up renders what it names.
        const first = this.target === undefined;
        this.target = serving;
        if (first) return this.adopt(serving);
        this.backward = await rollbacksAmong(store, this.versions, serving.current);
        this.serve();
      },
      logger,
      messages,
      pollMs,
    );
  }

  private serve(): void {
    if (this.target) this.adopt(this.warmSwitch.admit(this.target, { current: this.versions, canaries: this.canaryOf }, this.backward));
  }

  private adopt(serving: Serving): void {
    this.versions = serving.current;
    this.canaryOf = serving.canaries;
  }

  /** The versions served (empty before start: every remote serves its checkout build). */
  current(): CurrentVersions {
    return this.versions;
  }

  /** The canaries last read: remote -> version and share. */
  canaries(): ReadonlyMap<RemoteName, Canary> {
    return this.canaryOf;
  }

  /**
   * Reads the registry and resolves once what it read is served (its new builds warm, each bounded);
   * a read already under way is shared rather than doubled.
   */
  async refresh(): Promise<void> {
    await this.poller.refresh();
    await this.warmSwitch.settled();
  }

  start(): Promise<void> {
    return this.poller.start();
  }

  stop(): void {
    this.poller.stop();
  }
}
