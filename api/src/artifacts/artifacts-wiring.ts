/**
 * Which artifact store this process uses: the folder RELEASES_DIR names (ARTIFACTS=directory, the
 * default; a shared volume with several servers), or PostgreSQL with a cache per instance
 * (ARTIFACTS=database, which then makes RELEASES_DIR that cache).
 */
import type { AppConfig } from '../app-config';
import { poolOf, type DatabaseConnection, type OpenedDatabase } from '../platform/database';
import { openOwnDatabase } from '../database/own-database';
import type { Logger } from '../platform/logger';
import { DirectoryArtifactStore, type ArtifactStore } from './artifact-store';
import { ArtifactDatabase, type BuildKey } from './artifact-database';
import { DatabaseArtifactStore } from './database-artifact-store';

/** How often an instance on the database copies in new builds and drops deleted ones: within a second or two of a release. */
const SYNC_MS = 1000;

export interface ArtifactsWiring {
  artifacts: ArtifactStore;
  /** Before serving: the cache holds the builds `serving()` names (the rest follows in the background). */
  start(serving: () => readonly BuildKey[]): Promise<void>;
  stop(): Promise<void>;
}

/** `database`: the process's (the database module's); a script without one opens its own, closed at stop. */
export function artifactsWiring(
  config: Pick<AppConfig, 'releasesDir' | 'databaseUrl' | 'skew'>,
  logger: Logger,
  database?: () => Promise<DatabaseConnection>,
): ArtifactsWiring {
  if (config.skew.artifacts === 'directory' || !config.databaseUrl) {
    return { artifacts: new DirectoryArtifactStore(config.releasesDir), start: async () => undefined, stop: async () => undefined };
  }
  const url = config.databaseUrl;
  let own: Promise<OpenedDatabase> | undefined;
  const connection = database ?? (async () => (await (own ??= openOwnDatabase({ databaseUrl: url }))).connection);
  const db = async () => new ArtifactDatabase(poolOf(await connection()));
  const store = new DatabaseArtifactStore(config.releasesDir, db, logger);
  let timer: NodeJS.Timeout | undefined;
  let syncing: Promise<void> | undefined;
  const sync = (first: readonly BuildKey[] = []) =>
    (syncing ??= store
      .sync(first)
      .catch((error: unknown) => logger.warn({ err: error }, 'could not bring the build cache in line with the database'))
      .finally(() => (syncing = undefined)));
  return {
    artifacts: store,
    async start(serving) {
      // What the site serves now first, so the first pages are drawn whole.
      for (const key of serving()) await store.ensure(key.remote as never, key.version).catch(() => undefined);
      void sync(serving());
      timer = setInterval(() => void sync(), SYNC_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await syncing;
      if (own) await (await own).close();
    },
  };
}
