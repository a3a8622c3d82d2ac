/**
 * The store write path every registry change goes through (a release, a promotion, a rollback, a
 * canary's start and steps, a schedule set, cancelled, carried out or refused): one commit, refused
 * whole by the store (a race lost, a contradiction, missing files) as the release API's answer.
 */
import { filesPresent, MissingFiles } from '../artifacts/release-folders';
import { ReleaseRefused, type ReleaseContext } from './release-context-types';
import { RegistryContradiction } from './registry-invariants';
import { RegistryConflict, type RegistryChange, type RegistryStore } from './registry-store';

/** A store's refusal as the release API's answer: a race lost or a contradiction is 409. */
export function refusedByStore(error: unknown): unknown {
  if (error instanceof RegistryConflict || error instanceof RegistryContradiction) return new ReleaseRefused(error.message, [], 'conflict');
  return error;
}

type Change = Parameters<RegistryStore['commit']>[0];

/** Commits a change that moves no version (a schedule set, cancelled or refused); a store's refusal is 409. */
export async function commitChange(context: ReleaseContext, change: Change): Promise<void> {
  await context.store.commit(change).catch((error: unknown) => {
    throw refusedByStore(error);
  });
}

/**
 * Commits a move (promotion, rollback: it ends a running canary unless it names one), checking under
 * the registry's lock that the files of the version it moves to are there, else refusing it whole.
 */
export async function commitMove(context: ReleaseContext, change: Change & { current: string }): Promise<void> {
  // Stored through another instance (the database): in this one's cache before its lock is taken.
  await context.artifacts.ensure(change.remote, change.current);
  try {
    await context.store.commit({ canary: null, ...change, precondition: filesPresent(context, change.remote, [change.current]) });
  } catch (error) {
    if (error instanceof MissingFiles) throw new ReleaseRefused(`${error.message}: the registry is unchanged`);
    throw refusedByStore(error);
  }
}

/** The scheduled action a move carries out, ended in the move's own commit (schedule/schedule-runner.ts). */
export const schedulingOf = (options: { carriesOut?: string | undefined }): Pick<RegistryChange, 'schedule'> =>
  options.carriesOut ? { schedule: { clear: options.carriesOut } } : {};
