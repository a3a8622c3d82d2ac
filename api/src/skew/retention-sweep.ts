/**
 * Retention: a build is deleted once nothing may still ask for it. A remote's version goes when no
 * record names it (versionsRecordsName: current, canary, rollback target), it is not among the
 * RELEASE_KEEP most recently stored of its remote, and the skew window since the last page naming it
 * has passed; a shell build when it is not among the last RELEASE_KEEP stored, not this instance's
 * own, and out of the window. Every instance sweeps; two sweeps at once delete each build once (a
 * version under the registry's lock with its record, a folder by a rename only one of them makes).
 */
import { REMOTE_NAMES, type RemoteName } from '@cardlift/contracts';
import { Counter } from 'prom-client';
import type { Logger } from '../platform/logger';
import type { ArtifactStore, StoredBuild } from '../artifacts/artifact-store';
import { SHELL_BUILDS, type BuildRef } from '../releases/build-ids';
import { versionsRecordsName } from '../releases/named-versions';
import type { RegistryStore, RemoteState } from '../releases/registry-store';
import type { BuildReferenceStore } from './build-references';

export interface RetentionDeps {
  registry: () => Promise<RegistryStore>;
  artifacts: ArtifactStore;
  references: () => Promise<BuildReferenceStore>;
  /** RELEASE_KEEP: the most recently stored builds of each remote (and of the shell) always kept. */
  keep: number;
  /** The builds this instance serves right now (its shell build, its checkout builds): never deleted by it. */
  ownBuilds: () => readonly BuildRef[];
  logger: Logger;
  now?: () => number;
}

/** What a sweep deleted. */
export interface SweepResult {
  deleted: BuildRef[];
}

/** The `keep` most recently stored of `builds`. */
function newest(builds: readonly StoredBuild[], keep: number): Set<string> {
  return new Set(
    [...builds]
      .sort((a, b) => b.storedAt.getTime() - a.storedAt.getTime())
      .slice(0, keep)
      .map((b) => b.version),
  );
}

export class RetentionSweep {
  /** Builds deleted by this instance's sweeps, by kind (remote or shell): on /metrics. */
  readonly deletedCounter = new Counter({
    name: 'cardlift_builds_deleted_total',
    help: 'Builds the retention sweep deleted (no record names them, past RELEASE_KEEP and the skew window)',
    labelNames: ['kind'],
    registers: [],
  });

  constructor(private readonly deps: RetentionDeps) {
    // Present from the start, at 0: a dashboard tells "none deleted" from "not measured".
    for (const kind of ['remote', 'shell']) this.deletedCounter.inc({ kind }, 0);
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  async sweep(): Promise<SweepResult> {
    const deleted: BuildRef[] = [];
    for (const remote of REMOTE_NAMES) deleted.push(...(await this.sweepRemote(remote)));
    deleted.push(...(await this.sweepShell()));
    if (deleted.length > 0) this.deps.logger.info({ deleted }, 'old builds deleted by the retention sweep');
    return { deleted };
  }

  private async inWindow(remote: string): Promise<(version: string) => boolean> {
    const keptUntil = await (await this.deps.references()).keptUntil(remote);
    const now = this.now();
    return (version) => (keptUntil.get(version) ?? 0) > now;
  }

  private async sweepRemote(remote: RemoteName): Promise<BuildRef[]> {
    const { artifacts, keep } = this.deps;
    const stored = await artifacts.versions(remote);
    if (stored.length <= keep) return [];
    const recent = newest(stored, keep);
    const own = new Set(
      this.deps
        .ownBuilds()
        .filter((b) => b.remote === remote)
        .map((b) => b.version),
    );
    const store = await this.deps.registry();
    const deleted: BuildRef[] = [];
    for (const { version } of stored) {
      if (recent.has(version) || own.has(version)) continue;
      // Read again for each: a page may have named it, or a record come to name it, since the listing.
      const inWindow = await this.inWindow(remote);
      if (inWindow(version)) continue;
      let purge: (() => Promise<boolean>) | undefined;
      const prunable = (state: RemoteState) => !versionsRecordsName(state).has(version);
      await store.prune(remote, version, prunable, () => (purge = artifacts.remove(remote, version)));
      // Another instance's sweep took it first: deleted (and counted) once, there.
      if (!purge || !(await purge())) continue;
      await (await this.deps.references()).forget(remote, version);
      this.deletedCounter.inc({ kind: 'remote' });
      deleted.push({ remote, version });
    }
    return deleted;
  }

  private async sweepShell(): Promise<BuildRef[]> {
    const { artifacts, keep } = this.deps;
    const stored = await artifacts.shellBuilds();
    if (stored.length <= keep) return [];
    const recent = newest(stored, keep);
    const own = new Set(
      this.deps
        .ownBuilds()
        .filter((b) => b.remote === SHELL_BUILDS)
        .map((b) => b.version),
    );
    const inWindow = await this.inWindow(SHELL_BUILDS);
    const deleted: BuildRef[] = [];
    for (const { version } of stored) {
      if (recent.has(version) || own.has(version) || inWindow(version)) continue;
      const purge = artifacts.removeShellBuild(version);
      if (!purge || !(await purge())) continue;
      await (await this.deps.references()).forget(SHELL_BUILDS, version);
      this.deletedCounter.inc({ kind: 'shell' });
      deleted.push({ remote: SHELL_BUILDS, version });
    }
    return deleted;
  }
}
