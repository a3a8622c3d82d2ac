/**
 * Release and candidate of one remote, on the shared registry (registry-store.ts) and the artifact
 * store; promotion, rollback and listing are release-moves.ts, exported here too. A release is
 * checked against the shell that will load it, stored under its own version (never overwritten),
 * and the registry repointed in one transaction; every api instance serves it within a second. A
 * refused release changes nothing.
 *
 * Version folders are content-addressed and shared: several instances may store the same build at
 * once, and the one whose commit wins may rely on a folder another wrote. So an attempt that fails
 * removes the folder it wrote only through RegistryStore.removeUnnamed (never one a record names),
 * and a commit checks, under the same lock, that its folder is there (storing it again if not).
 */
import type { RemoteName } from '@cardlift/contracts';
import { assertPlainFiles, digestBuild, type BuildDigest } from '../artifacts/build-output';
import { versionFor } from './build-ids';
import { verifyBuild } from './compatibility';
import { readManifest, type FederationManifest } from '../artifacts/manifest';
import { assertWithinQuota, filesPresent, MissingFiles, removeIfUnnamed } from '../artifacts/release-folders';
import { ReleaseRefused, type ReleaseContext } from './release-context-types';
import { refusedByStore } from './release-commits';
import { scheduleWarnings } from './move-notices';
import { baselineOf, nextPosition } from './release-baseline';
import { releaseEvent as event } from './release-events';
import type { RegistryStore, ReleaseEvent, ReleaseRecord, RemoteState } from './registry-store';

export interface Actor {
  /** Who asks: a release token's name, or `cli`. */
  actor: string;
  gitSha?: string | undefined;
}

/** What the team says of a build it stores: recorded with a new release record. */
export interface Provenance {
  notes?: string | undefined;
  ciUrl?: string | undefined;
}

export interface ReleaseOutcome {
  version: string;
  previous: string | null;
  /** False when this exact build was already stored (its files are reused, never rewritten). */
  published: boolean;
  alreadyCurrent: boolean;
  /** True when stored as a candidate: not live until promoted. */
  candidate: boolean;
  /** A live release moves the registry as a promotion does: a scheduled promotion it makes wrong (move-notices.ts). */
  warnings: string[];
}

function readChecked(context: ReleaseContext, remote: RemoteName, buildDir: string): FederationManifest {
  const read = readManifest(buildDir);
  const problems = read.ok
    ? verifyBuild({ manifest: read.manifest, shellManifest: context.shellManifest(), buildDir, federationName: remote })
    : [read.problem];
  if (!read.ok || problems.length) throw new ReleaseRefused(`${remote} was not released, the registry is unchanged`, problems);
  return read.manifest;
}

export async function releaseBuild(
  context: ReleaseContext,
  options: Actor & Provenance & { remote: RemoteName; buildDir: string; candidate?: boolean; digest?: BuildDigest },
): Promise<ReleaseOutcome> {
  const { remote, buildDir } = options;
  const candidate = options.candidate ?? false;
  try {
    assertPlainFiles(buildDir);
  } catch (error) {
    throw new ReleaseRefused(`${remote} was not released, the registry is unchanged`, [(error as Error).message]);
  }
  const manifest = readChecked(context, remote, buildDir);
  const digest = options.digest ?? digestBuild(buildDir);
  const version = versionFor(manifest, digest.contentHash);
  const state = await context.store.state(remote);
  const previous = state.current;
  // A live release would leave the canary running against a new baseline (or become the canary
  // itself): the team ends the canary first. A candidate changes nothing live, so it may come.
  if (state.canary && !candidate) throw canaryRuns(state.canary);
  await assertWithinQuota(context, remote, version, digest.bytes);
  // Stored before anything else is decided: re-uploading a build whose folder went missing restores it.
  const store = () => context.artifacts.put(remote, version, buildDir, digest.serverChecksums);
  const published = await store();
  if (previous === version && !candidate) return { version, previous, published, alreadyCurrent: true, candidate, warnings: [] };

  try {
    const problems = (await context.checkServer?.(remote, version)) ?? [];
    if (problems.length) throw new ReleaseRefused(`${remote} was not released, the registry is unchanged`, problems);
    return await recordRelease(context, { ...options, version, state, published, candidate, store });
  } catch (error) {
    // A refused or outraced attempt leaves nothing behind, but never takes a folder a record names.
    if (published) await removeIfUnnamed(context, remote, version);
    throw error;
  }
}

type RecordOptions = Actor &
  Provenance & {
    remote: RemoteName;
    version: string;
    state: RemoteState;
    published: boolean;
    candidate: boolean;
    /** Stores the build's folder again (when it went missing before the commit). */
    store(): Promise<boolean>;
  };

async function recordRelease(context: ReleaseContext, options: RecordOptions): Promise<ReleaseOutcome> {
  const { remote, version, state, published, candidate } = options;
  const previous = state.current;

  const at = (context.now?.() ?? new Date()).toISOString();
  const known = state.releases.find((r) => r.version === version);
  if (candidate) return recordCandidate(context, options, at);

  const found = await baselineOf(context, remote, state, options, at);
  const baseline = found && found.record.version !== version ? found : undefined;
  const upsert: ReleaseRecord[] = [];
  const events: ReleaseEvent[] = [];
  if (baseline) {
    upsert.push(baseline.record);
    events.push(event(remote, 'baseline', baseline.record.version, null, { actor: options.actor }, at));
  }
  upsert.push({
    ...(known ?? { remote, version, createdAt: at, createdBy: options.actor, gitSha: options.gitSha ?? null, ...provenanceOf(options) }),
    state: 'released',
    position: nextPosition(state),
    rolledBackAt: null,
  });
  events.push(event(remote, 'release', version, previous ?? baseline?.record.version ?? null, options, at));
  await commitStored(context, options, { remote, expectedRevision: state.revision, current: version, upsert, events });
  return {
    version,
    previous: previous ?? baseline?.record.version ?? null,
    published,
    alreadyCurrent: false,
    candidate,
    warnings: scheduleWarnings(state, {}),
  };
}

/**
 * Stores a candidate: previewable, not live. On a remote that has never had a release, the checkout
 * build the site serves is stored and made current in the same commit (as a first live release does),
 * so a canary of the candidate is compared with what visitors were served.
 */
async function recordCandidate(context: ReleaseContext, options: RecordOptions, at: string): Promise<ReleaseOutcome> {
  const { remote, version, state, published } = options;
  // A version already recorded keeps its record as it is now: the copy read above may be older
  // than a promotion made meanwhile (and the revision check refuses this commit then).
  const known = state.releases.some((r) => r.version === version);
  const baseline = await baselineOf(context, remote, state, options, at);
  const upsert: ReleaseRecord[] = baseline ? [baseline.record] : [];
  if (!known && baseline?.record.version !== version)
    upsert.push({
      remote,
      version,
      state: 'candidate',
      position: null,
      createdAt: at,
      createdBy: options.actor,
      gitSha: options.gitSha ?? null,
      rolledBackAt: null,
      ...provenanceOf(options),
    });
  const events = [event(remote, 'candidate', version, null, options, at)];
  if (baseline) events.unshift(event(remote, 'baseline', baseline.record.version, null, { actor: options.actor }, at));
  await commitStored(context, options, {
    remote,
    expectedRevision: state.revision,
    ...(baseline ? { current: baseline.record.version } : {}),
    upsert,
    events,
  });
  // A candidate leaves the registry where it is: a scheduled promotion still stands.
  return { version, previous: state.current, published, alreadyCurrent: false, candidate: true, warnings: [] };
}

const provenanceOf = (p: Provenance) => ({ notes: p.notes ?? null, ciUrl: p.ciUrl ?? null });

/** The refusal of a live change while a canary runs. */
export const canaryRuns = (canary: { version: string; share: number }) =>
  new ReleaseRefused(
    `a canary of ${canary.version} runs at ${canary.share} %: promote it with share 100, or roll it back, first`,
    [],
    'conflict',
  );

type Change = Parameters<RegistryStore['commit']>[0];

/**
 * Commits a release or candidate whose build this attempt holds: when its folder went missing
 * before the commit (a failed attempt at the same build removed it while no record named it), the
 * build is stored again and the commit retried, so the registry never names a missing folder.
 */
async function commitStored(context: ReleaseContext, options: RecordOptions, change: Change): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await context.store.commit({ ...change, precondition: filesPresent(context, change.remote, [options.version]) });
      return;
    } catch (error) {
      if (!(error instanceof MissingFiles)) throw refusedByStore(error);
      if (attempt === 3) throw new ReleaseRefused(`${error.message}: the registry is unchanged`);
      await options.store();
    }
  }
}

export { ReleaseRefused, type ReleaseContext };
// Callers import every release operation from here.
export { baselineOf, nextPosition } from './release-baseline';
export { listReleases, promoteRelease, rollbackRelease, type ListedRelease } from './release-moves';
