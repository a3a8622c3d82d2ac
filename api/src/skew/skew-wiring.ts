/**
 * Version skew, wired: every build a tab may still need stays reachable. This instance's own builds
 * (shell, checkout remotes) are stored at start and whenever they change; each page records the
 * builds it names before it is sent (the skew window); the retention sweep deletes what nothing may
 * ask for any more.
 */
import type { DatabaseConnection } from '../platform/database';
import type { RemoteEntry } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { RegistryStore } from '../releases/registry-store';
import { buildReferencesOn, type BuildReferenceStore } from './build-references';
import { CurrentBuilds } from './current-builds';
import { RetentionSweep } from './retention-sweep';
import { SkewWindow } from './skew-window';

export interface SkewWiringDeps {
  config: AppConfig;
  logger: Logger;
  artifacts: ArtifactStore;
  registryStore: () => Promise<RegistryStore>;
  /** The process's database (the database module's). */
  database: () => Promise<DatabaseConnection>;
  /** The registry every visitor is served now: its builds are this instance's own. */
  liveRegistry: () => RemoteEntry[];
}

export function skewWiring({ config, logger, artifacts, registryStore, database, liveRegistry }: SkewWiringDeps) {
  let opened: Promise<BuildReferenceStore> | undefined;
  const references = () => (opened ??= database().then(buildReferencesOn));
  const current = new CurrentBuilds(config, artifacts, logger);
  const window = new SkewWindow(references, config.skew.retentionMs, logger);
  const retention = new RetentionSweep({
    registry: registryStore,
    artifacts,
    references,
    keep: config.skew.releaseKeep,
    ownBuilds: () => current.namedBy(liveRegistry()),
    logger,
  });
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  const sweep = () =>
    (sweeping ??= retention
      .sweep()
      .catch((error: unknown) => logger.error({ err: error }, 'the retention sweep failed; it runs again at the next interval'))
      .finally(() => (sweeping = undefined)));
  return {
    current,
    window,
    references,
    retention,
    sweep,
    /** Before a page rendered from `registry` is sent. */
    async pageSent(registry: readonly RemoteEntry[]): Promise<void> {
      // A build made while the instance runs (a rebuilt checkout) is stored beside the page, not before it.
      if (current.hasNew()) void current.store();
      await window.pageSent(current.namedBy(registry));
    },
    /** Stores this instance's builds before it serves anyone, then sweeps now and at every interval. */
    async start(): Promise<void> {
      await current.store();
      void sweep();
      timer = setInterval(() => void sweep(), config.skew.sweepIntervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      await sweeping;
      if (opened) await (await opened).close();
    },
  };
}
