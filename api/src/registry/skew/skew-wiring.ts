/**
 * Version skew, wired: every build a tab may still need stays reachable. This instance's own builds
 * (shell, checkout remotes) are stored at start and whenever they change; each page records the
 * builds it names before it is sent (the skew window); the retention sweep deletes what nothing may
 * ask for any more.
 */
import type { RemoteEntry } from '@cardlift/contracts';
import type { AppConfig } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import type { ArtifactStore } from '../artifact-store';
import { openBuildReferences, type BuildReferenceStore } from './build-references';
import { CurrentBuilds } from './current-builds';
import { SkewWindow } from './skew-window';

export interface SkewWiringDeps {
  config: AppConfig;
  logger: Logger;
  artifacts: ArtifactStore;
}

export function skewWiring({ config, logger, artifacts }: SkewWiringDeps) {
  let opened: Promise<BuildReferenceStore> | undefined;
  const references = () => (opened ??= openBuildReferences(config));
  const current = new CurrentBuilds(config, artifacts, logger);
  const window = new SkewWindow(references, config.skew.retentionMs, logger);
  return {
    current,
    window,
    references,
    /** Before a page rendered from `registry` is sent. */
    async pageSent(registry: readonly RemoteEntry[]): Promise<void> {
      // A build made while the instance runs (a rebuilt checkout) is stored beside the page, not before it.
      if (current.hasNew()) void current.store();
      await window.pageSent(current.namedBy(registry));
    },
    /** Stores this instance's builds before it serves anyone. */
    async start(): Promise<void> {
      await current.store();
    },
    async stop(): Promise<void> {
      if (opened) await (await opened).close();
    },
  };
}
