/**
 * Where a release reads and writes, resolved like the api resolves them so the CLI and the running
 * site agree. The root `npm start` runs the api from the repository root, so its default data
 * directory is `<repo>/data` and its releases `<repo>/data/releases`.
 * A relative RELEASES_DIR, DATA_DIR or SITE_ROOT is read from where the command was typed
 * (npm's INIT_CWD), not from the workspace npm switches into.
 */
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '../contracts';
import { REPO_ROOT } from '../config';

export interface ReleaseSettings {
  releasesDir: string;
  /** Checkout holding the remotes' sources and the shell's build. */
  siteRoot: string;
}

export function releaseSettings(env: NodeJS.ProcessEnv = process.env): ReleaseSettings {
  const typedIn = env.INIT_CWD ?? process.cwd();
  const dataDir = env.DATA_DIR ? path.resolve(typedIn, env.DATA_DIR) : path.join(REPO_ROOT, 'data');
  return {
    releasesDir: env.RELEASES_DIR ? path.resolve(typedIn, env.RELEASES_DIR) : path.join(dataDir, 'releases'),
    siteRoot: env.SITE_ROOT ? path.resolve(typedIn, env.SITE_ROOT) : REPO_ROOT,
  };
}

/** Accepts the package name (`mf-invest`) or the federation name (`mf_invest`). */
export function parseRemoteName(input: string | undefined): RemoteName | undefined {
  const name = input?.replace(/^@cardlift\//, '').replace(/-/g, '_');
  return REMOTE_NAMES.find((n) => n === name);
}

export function packageDir(siteRoot: string, name: RemoteName): string {
  return path.join(siteRoot, name.replace(/_/g, '-'));
}

export function shellBuildDir(siteRoot: string): string {
  return path.join(siteRoot, 'shell', 'dist');
}
