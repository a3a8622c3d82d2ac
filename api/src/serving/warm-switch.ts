/**
 * A promoted release (or a canary's new side) is warmed before this instance serves it: the registry
 * follower reads the new versions, and each section moving forward to a build this process has not
 * served yet keeps its previous build until that build's main pages have been rendered once through
 * the render pool (its renderers load the new code, and the rendered bodies are kept for the first
 * visitors). Bounded: past `WARM_SWITCH_LIMIT_MS`, or when the warm fails, the instance switches
 * anyway and logs it. A move back (a rollback to an older version, a canary ended) or to a build
 * already served switches at once: safety first, a rollback takes away a build that misbehaves.
 */
import type { RemoteName } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import type { Canary, RegistryStore } from '../releases/registry-store';
import type { CurrentVersions } from './remote-registry';

/** Longest a section keeps its previous build while the new one warms. */
export const WARM_SWITCH_LIMIT_MS = 20_000;

/** The versions an instance serves: every visitor's, and each canary's side. */
export interface Serving {
  current: CurrentVersions;
  canaries: ReadonlyMap<RemoteName, Canary>;
}

/** Renders `remote`'s main pages from the builds `versions` name (a canary's side: the current ones with the canary's). */
export type WarmBuild = (remote: RemoteName, versions: CurrentVersions) => Promise<void>;

type Side = 'current' | 'canary';

export class WarmSwitch {
  /** `remote@version`s this process served or warmed (or gave up warming): switched to at once. */
  private readonly ready = new Set<string>();
  private readonly warming = new Map<string, Promise<void>>();
  /** The builds the last `admit` held back (a warm the registry has moved past is not waited for). */
  private held = new Set<string>();

  constructor(
    private readonly warm: () => WarmBuild | undefined,
    private readonly logger: Logger,
    /** Called when a held build is ready: the follower serves the registry's versions again. */
    private readonly changed: () => void,
    private readonly limitMs = WARM_SWITCH_LIMIT_MS,
  ) {}

  /**
   * What to serve of `target` (the registry's versions) while `served` is what is served now: each
   * section's new build once warm, its previous one until then. Starts the warms it waits for.
   * `backward`: the sections whose current moves back to a build that went live before (a rollback).
   */
  admit(target: Serving, served: Serving, backward: ReadonlySet<RemoteName> = new Set()): Serving {
    this.held = new Set();
    const current = new Map(target.current);
    for (const [remote, version] of target.current) {
      const before = served.current.get(remote);
      if (before === undefined || backward.has(remote)) continue;
      if (this.holds(remote, before, version, 'current', target)) current.set(remote, before);
    }
    const canaries = new Map(target.canaries);
    for (const [remote, canary] of target.canaries) {
      const before = served.canaries.get(remote);
      if (before?.version === canary.version || !this.holds(remote, before?.version, canary.version, 'canary', target)) continue;
      if (before && before.version !== current.get(remote)) canaries.set(remote, before);
      else canaries.delete(remote);
    }
    for (const [remote, version] of current) this.ready.add(`${remote}@${version}`);
    for (const [remote, canary] of canaries) this.ready.add(`${remote}@${canary.version}`);
    return { current, canaries };
  }

  /** Resolves once every warm the last `admit` waits for has settled (each is bounded). */
  async settled(): Promise<void> {
    await Promise.all([...this.held].map((key) => this.warming.get(key)));
  }

  private holds(remote: RemoteName, before: string | undefined, version: string, side: Side, target: Serving): boolean {
    const key = `${remote}@${version}`;
    const warm = this.warm();
    if (!warm || before === version || this.ready.has(key)) return false;
    if (!this.warming.has(key)) {
      const versions = new Map(target.current).set(remote, version);
      this.logger.info({ remote, version, side }, 'warming a new build before serving it');
      this.warming.set(key, this.warmOnce(warm, remote, version, versions, side));
    }
    this.held.add(key);
    return true;
  }

  private async warmOnce(warm: WarmBuild, remote: RemoteName, version: string, versions: CurrentVersions, side: Side): Promise<void> {
    const started = performance.now();
    let limit: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((done) => (limit = setTimeout(() => done('late'), this.limitMs)));
    const outcome = await Promise.race([warm(remote, versions).then(() => 'warm' as const), late])
      .catch((error: unknown) => error)
      .finally(() => clearTimeout(limit));
    const facts = { remote, version, side, ms: Math.round(performance.now() - started) };
    if (outcome === 'warm') this.logger.info(facts, 'new build warmed: serving it');
    else if (outcome === 'late') this.logger.warn(facts, 'new build still warming past its limit: serving it anyway');
    else this.logger.warn({ ...facts, err: outcome }, 'new build failed to warm: serving it anyway');
    this.ready.add(`${remote}@${version}`);
    this.warming.delete(`${remote}@${version}`);
    this.changed();
  }
}

/**
 * The sections of `target` whose current moves back from what `served` names: to a release that
 * went live before it (its promotion position is lower), or away from one marked rolled back. A
 * section whose history cannot be read counts as moving back: it is switched at once.
 */
export async function rollbacksAmong(
  store: Pick<RegistryStore, 'state'>,
  served: CurrentVersions,
  target: CurrentVersions,
): Promise<Set<RemoteName>> {
  const backward = new Set<RemoteName>();
  for (const [remote, version] of target) {
    const from = served.get(remote);
    if (from === undefined || from === version) continue;
    const releases = await store.state(remote).then(
      (state) => state.releases,
      () => [],
    );
    const [was, now] = [from, version].map((v) => releases.find((release) => release.version === v));
    if (!was || !now || was.rolledBackAt || (now.position ?? 0) < (was.position ?? 0)) backward.add(remote);
  }
  return backward;
}
