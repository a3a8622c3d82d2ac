/**
 * This instance's own builds into the artifact store: the shell's browser files (by build id) and
 * each remote's checkout build (by its content-named version). Once stored, a server deploy or a
 * rebuilt checkout cannot take them from a tab that still runs them: the old files are served from
 * the store for the skew window.
 */
import path from 'node:path';
import { REMOTE_NAMES, type RemoteEntry } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { ArtifactStore } from '../artifacts/artifact-store';
import { checkoutVersion, SHELL_ASSETS_DIR, SHELL_BUILDS, shellBuildId, type BuildRef } from '../releases/build-ids';
import { localBuildDir, servedBuild } from '../serving/remote-registry';

export class CurrentBuilds {
  private readonly shellDist: string;
  /** What was stored, as `remote@version`: each build is copied once per process. */
  private readonly stored = new Set<string>();
  private storing: Promise<void> | undefined;

  constructor(
    private readonly config: Pick<AppConfig, 'siteRoot' | 'releasesDir'>,
    private readonly artifacts: ArtifactStore,
    private readonly logger: Logger,
  ) {
    this.shellDist = path.join(config.siteRoot, 'shell', 'dist');
  }

  /** The shell build this instance serves pages with, when built. */
  shellBuild(): BuildRef | undefined {
    const id = shellBuildId(this.shellDist);
    return id === undefined ? undefined : { remote: SHELL_BUILDS, version: id };
  }

  /** The builds a page sent with `registry` may make the browser ask for: the shell's, and each remote this api serves. */
  namedBy(registry: readonly RemoteEntry[]): BuildRef[] {
    const remotes = registry.filter((entry) => servedBuild(this.config, entry)).map((e) => ({ remote: e.name, version: e.version }));
    const shell = this.shellBuild();
    return shell ? [shell, ...remotes] : remotes;
  }

  /** Stores whichever of this instance's builds is not stored yet (a rebuild while running makes new ones). */
  store(): Promise<void> {
    if (this.storing) return this.storing;
    const work = this.storeNew().catch((error: unknown) => this.logger.error({ err: error }, "could not store this instance's builds"));
    this.storing = work.finally(() => (this.storing = undefined));
    return this.storing;
  }

  /** Whether a build this instance runs has not been stored yet. */
  hasNew(): boolean {
    return this.pending().length > 0;
  }

  private pending(): { build: BuildRef; dir: string }[] {
    const builds: { build: BuildRef; dir: string }[] = [];
    const shell = this.shellBuild();
    if (shell) builds.push({ build: shell, dir: path.join(this.shellDist, SHELL_ASSETS_DIR) });
    for (const name of REMOTE_NAMES) {
      const dir = localBuildDir(this.config, name);
      const version = checkoutVersion(dir);
      if (version) builds.push({ build: { remote: name, version }, dir });
    }
    return builds.filter(({ build }) => !this.stored.has(`${build.remote}@${build.version}`));
  }

  private async storeNew(): Promise<void> {
    for (const { build, dir } of this.pending()) {
      const put =
        build.remote === SHELL_BUILDS
          ? this.artifacts.putShellBuild(build.version, dir)
          : this.artifacts.put(build.remote, build.version, dir);
      if (await put) this.logger.info({ remote: build.remote, version: build.version }, 'build stored for the tabs that run it');
      this.stored.add(`${build.remote}@${build.version}`);
    }
  }
}
