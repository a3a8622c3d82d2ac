/**
 * The versions the site knows of each section, so nothing stores or shows a version a sender made up:
 * every build the registry records (current, canary, candidates, and every release it still keeps),
 * what this instance serves (checkout builds, overrides) and the shell's own version. Measurements of
 * any other version are dropped on arrival and left out of every answer, so what `/metrics` and the
 * health views list is bounded by the registry, never by senders.
 *
 * The registry's records are read again at most every `refreshMs`, in the background; what the
 * instance serves right now (its follower) is always known, so a release's first views count at once.
 */
import { OTHER_SECTION, REMOTE_NAMES, SHELL_SECTION, type RemoteEntry, type RemoteName } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import type { RegistryStore } from '../releases/registry-store';
import type { RegistryFollower } from '../serving/registry-follower';
import { UNKNOWN_VERSION } from './counted-view';

export const KNOWN_VERSIONS_REFRESH_MS = 10_000;

export interface KnownVersionSources {
  follower: Pick<RegistryFollower, 'current' | 'canaries'>;
  registryStore(): Promise<RegistryStore>;
  /** The registry this instance serves visitors (checkout builds and overrides included), read with the records. */
  served(): readonly RemoteEntry[];
  /** The version of the shell build this instance serves, when it can be read. */
  shellVersion(): string | undefined;
}

export class KnownVersions {
  private recorded = new Map<RemoteName, ReadonlySet<string>>();
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly sources: KnownVersionSources,
    private readonly logger: Logger,
    private readonly refreshMs = KNOWN_VERSIONS_REFRESH_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `version` of `section` is one the site knows (as last read; starts a fresh read when old). */
  has(section: string, version: string): boolean {
    if (this.now() - this.readAt >= this.refreshMs) void this.refresh();
    if (section === OTHER_SECTION) return version === UNKNOWN_VERSION;
    if (section === SHELL_SECTION) return version === this.sources.shellVersion();
    const remote = section as RemoteName;
    const { follower } = this.sources;
    if (follower.current().get(remote) === version || follower.canaries().get(remote)?.version === version) return true;
    return this.recorded.get(remote)?.has(version) ?? false;
  }

  /** Reads every remote's records again (one read at a time); a failed read keeps the last ones. */
  refresh(): Promise<void> {
    this.readAt = this.now();
    this.reading ??= this.read()
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'the registry could not be read for the known versions: the last ones stand'),
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    const store = await this.sources.registryStore();
    const served = this.sources.served();
    const recorded = new Map<RemoteName, ReadonlySet<string>>();
    for (const remote of REMOTE_NAMES) {
      const state = await store.state(remote);
      const versions = new Set(state.releases.map((release) => release.version));
      if (state.current) versions.add(state.current);
      if (state.canary) versions.add(state.canary.version);
      for (const entry of served) if (entry.name === remote) versions.add(entry.version);
      recorded.set(remote, versions);
    }
    this.recorded = recorded;
  }
}
