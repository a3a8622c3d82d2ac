/** For the guard's tests: mf_invest with a current version and a canary of it already running. */
import type { Logger } from '../../platform/logger';
import type { RegistryStore } from '../registry-store';
import { RegistryFollower } from '../../serving/registry-follower';
import { releaseBuild, type ReleaseContext } from '../release-service';
import { fixtureBuild } from '../test-fixtures';
import { startCanary } from './canary-service';

export const CANARY_REMOTE = 'mf_invest' as const;

/** Releases v1 as the current version and v2 as a candidate, and starts v2 as a canary at 10 %. */
export async function releaseWithCanary(context: ReleaseContext): Promise<{ current: string; canary: string }> {
  const who = { actor: 'cli', remote: CANARY_REMOTE };
  const current = (await releaseBuild(context, { ...who, buildDir: fixtureBuild('v1') })).version;
  const canary = (await releaseBuild(context, { ...who, buildDir: fixtureBuild('v2'), candidate: true })).version;
  await startCanary(context, { ...who, version: canary, share: 10 });
  return { current, canary };
}

/** A follower of `store` that has read it once, as an instance's is after its start. */
export async function readFollower(store: RegistryStore, logger: Logger): Promise<RegistryFollower> {
  const follower = new RegistryFollower(async () => store, logger);
  await follower.refresh();
  return follower;
}
