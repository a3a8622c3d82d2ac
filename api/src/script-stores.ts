/**
 * The stores a script opens on a database of its own (the release and content CLIs, the backup, and
 * tests or benches acting as one), carrying the rows the server's modules add to every commit: the
 * edge's purge jobs. So a change a script makes purges the shared caches as one made through the api
 * does. A composition root like app.ts: the one other place that names which module adds what.
 */
import type { AppConfig } from './app-config';
import type { ContentChange } from './content/editorial-store';
import { openEditorialStore } from './content/open-editorial-store';
import { addPurgeStatements, purgeJobsOn } from './edge/purge-commits';
import type { PurgeJobStore } from './edge/purge-jobs';
import { CommitStatements } from './kernel/extension-points';
import type { DatabaseConnection } from './platform/database';
import { onOwnSqlite } from './database/own-database';
import type { RegistryCommit } from './releases/commit-statements';
import { openRegistryStore, registryStoreOn } from './releases/open-registry';
import type { RegistryStore } from './releases/registry-store';

type Target = Pick<AppConfig, 'databaseUrl' | 'dataDir'>;

function commitHooks() {
  const hooks = { registry: new CommitStatements<RegistryCommit>(), content: new CommitStatements<ContentChange>() };
  addPurgeStatements(hooks);
  return hooks;
}

export const openScriptRegistry = (target: Target) => openRegistryStore(target, commitHooks().registry.of);

export const openScriptContent = (target: Target) => openEditorialStore(target, commitHooks().content.of);

/** A registry whose commits purge, with the purge jobs beside it (tests, e2e). */
export type PurgedRegistry = RegistryStore & { purges: PurgeJobStore };

export const purgedRegistryOn = (connection: DatabaseConnection): PurgedRegistry =>
  Object.assign(registryStoreOn(connection, commitHooks().registry.of), { purges: purgeJobsOn(connection) });

/** `purgedRegistryOn` on the SQLite file under `dataDir`, on a hold of its own (synchronously). */
export const openSqlitePurgedRegistry = (dataDir: string): PurgedRegistry => onOwnSqlite(dataDir, purgedRegistryOn);
