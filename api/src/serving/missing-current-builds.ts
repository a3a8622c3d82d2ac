/**
 * Readiness of the sections: an instance whose registry names a current build the artifact store lacks
 * (a restore without RELEASES_DIR, a volume not mounted) renders that section as "temporarily
 * unavailable"; /api/ready answers 503 naming it, so a balancer keeps traffic on instances that serve
 * the whole site, and the log says so once each time the set of missing builds changes.
 */
import type { RemoteName } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import type { ArtifactStore } from '../artifacts/artifact-store';

export function missingCurrentBuilds(
  current: () => ReadonlyMap<RemoteName, string>,
  artifacts: Pick<ArtifactStore, 'ensure'>,
  logger: Logger,
): () => Promise<string[]> {
  let reported = '';
  return async () => {
    const missing: string[] = [];
    for (const [remote, version] of current()) {
      const found = await artifacts.ensure(remote, version).catch(() => undefined);
      if (!found) missing.push(`${remote} ${version}`);
    }
    const now = missing.join(', ');
    if (now !== reported) {
      if (missing.length) logger.error({ missing }, `not ready: the current build of ${now} is missing from the artifact store`);
      else logger.info('every current build is in the artifact store again');
      reported = now;
    }
    return missing;
  };
}
