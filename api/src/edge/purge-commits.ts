/**
 * The edge's rows in other modules' commits: the purge job of every registry move, content change and
 * experiment change, added through the commit-statement hooks those modules offer (kernel's
 * `CommitStatements`), so a committed change always has its purge in the same transaction while
 * neither the registry, the content nor the experiments know that purges exist.
 */
import type { ContentChange } from '../content/editorial-store';
import type { ExperimentCommit } from '../experiments/experiment-store';
import type { CommitStatements } from '../kernel/extension-points';
import type { DatabaseConnection } from '../platform/database';
import { runnerOn, type Statement } from '../platform/sql-runner';
import type { RegistryCommit } from '../releases/commit-statements';
import { EDGE_PURGE_INSERT, purgeValues, type PurgeJobStore } from './purge-jobs';
import { purgeJobsOn as purgeJobsOnRunner } from './purge-jobs-sql';
import { contentPurge, experimentPurge, registryPurge, type PurgePlan } from './purge-plans';

const jobOf = (plan: PurgePlan | undefined, now?: number): Statement[] =>
  plan ? [{ sql: EDGE_PURGE_INSERT, params: purgeValues(plan, now) }] : [];

export const registryPurgeStatements = ({ before, change }: RegistryCommit): Statement[] => jobOf(registryPurge(before, change));

export const contentPurgeStatements = (change: ContentChange): Statement[] => jobOf(contentPurge(change));

/** A change of what visitors are served purges the item's pages; a draft created serves nobody. */
export const experimentPurgeStatements = ({ experiment, event, at }: ExperimentCommit): Statement[] =>
  event === 'create' ? [] : jobOf(experimentPurge(experiment, event), at);

/** The hooks the edge fills: the server's modules' (edge-module.ts), or a script's stores (script-stores.ts). */
export interface PurgedCommits {
  registry: CommitStatements<RegistryCommit>;
  content: CommitStatements<ContentChange>;
  experiments?: CommitStatements<ExperimentCommit>;
}

export function addPurgeStatements(hooks: PurgedCommits): void {
  hooks.registry.add(registryPurgeStatements);
  hooks.content.add(contentPurgeStatements);
  hooks.experiments?.add(experimentPurgeStatements);
}

/** The purge jobs on the process's database (or a script's own). */
export const purgeJobsOn = (connection: DatabaseConnection): PurgeJobStore => purgeJobsOnRunner(runnerOn(connection));
