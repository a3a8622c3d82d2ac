/**
 * The registry's extension point for writes: a dependent module adds rows of its own tables to every
 * registry commit, worked out from the change and what the remote served before it, and run in the commit's own transaction, so they stand or fall with it. The registry does not
 * know what they are for.
 */
import type { Statement } from '../platform/sql-runner';
import type { RegistryChange } from './registry-store';

/** The remote's registry row before the change, read in the commit's transaction. */
export interface ServedBefore {
  version: string | null;
  canaryVersion: string | null;
}

export interface RegistryCommit {
  change: RegistryChange;
  before: ServedBefore;
}

/** What the dependents add to one commit (`CommitStatements.of`); none by default. */
export type RegistryCommitStatements = (commit: RegistryCommit) => readonly Statement[];

export const NO_STATEMENTS: RegistryCommitStatements = () => [];
