/**
 * The render of a promoted build (or a canary's new side) before this instance serves it
 * (serving/warm-switch.ts): the section's static pages, each rendered as its first visitor from
 * those builds would get it, one per renderer at a time. Each renderer loads the new code, and the
 * bodies are kept, so the first visitors are not the ones paying the cold render.
 */
import { sectionForPath, type RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { buildRegistry, type CurrentVersions } from '../serving/remote-registry';
import type { WarmBuild } from '../serving/warm-switch';
import type { RenderPool } from './render-pool';
import { inTurns, staticPaths } from './warm-up';

export function promotedBuildWarmer(
  config: AppConfig,
  pool: RenderPool,
  warmPage: (pathname: string, registry: ReturnType<typeof buildRegistry>) => Promise<void>,
): WarmBuild {
  return async (remote: RemoteName, versions: CurrentVersions) => {
    const registry = buildRegistry(config, versions);
    const paths = staticPaths(await pool.routes(registry)).filter((path) => sectionForPath(path)?.remote === remote);
    await inTurns(paths, pool.rendererPids().length, (path) => warmPage(path, registry));
  };
}
