/**
 * Version folders in the artifact store are content-addressed and shared between instances: these
 * helpers check a commit's folders are there, keep a remote within its storage quota, and remove
 * only a folder no record names.
 */
import type { RemoteName } from '@cardlift/contracts';
import { ReleaseRefused, type ReleaseContext } from '../releases/release-context-types';

/** The files of a version this change names went missing (removed by a failed attempt): store them again. */
export class MissingFiles extends Error {}

/** A commit's precondition: the folder of each version it names is in the artifact store. */
export function filesPresent(context: ReleaseContext, remote: RemoteName, versions: string[]): () => void {
  return () => {
    const missing = versions.filter((version) => !context.artifacts.locate(remote, version));
    if (missing.length) throw new MissingFiles(`the files of ${remote} ${missing.join(', ')} are missing from the artifact store`);
  };
}

export async function assertWithinQuota(context: ReleaseContext, remote: RemoteName, version: string, bytes: number): Promise<void> {
  const quota = context.quotaBytes;
  if (quota === undefined || context.artifacts.locate(remote, version)) return;
  const stored = await context.artifacts.usage(remote);
  if (stored + bytes > quota)
    throw new ReleaseRefused(
      `${remote} was not released: its stored releases (${stored} bytes) and this build (${bytes} bytes) would pass its storage quota of ${quota} bytes (RELEASE_QUOTA_BYTES)`,
      [],
      'too_large',
    );
}

/** Removes a version's folder this attempt stored, unless a record names it by now (another instance's). */
export async function removeIfUnnamed(context: ReleaseContext, remote: RemoteName, version: string): Promise<void> {
  let purge: (() => Promise<unknown>) | undefined;
  await context.store.removeUnnamed(remote, version, () => (purge = context.artifacts.remove(remote, version)));
  await purge?.();
}
