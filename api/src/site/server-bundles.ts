/**
 * Loading the server builds the api runs: the shell's (renderApp, its page table, and the shared
 * singletons it publishes) and the registry's version of each remote (loadRoutes and its page
 * table). A bundle is loaded again when its file changes (a rebuild); two versions of one remote are
 * two files, so a preview and the live version can be loaded side by side.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_DIR, type RemoteEntry, type RemoteMeta, type RemoteName, type ShellRenderInput } from '@cardlift/contracts';
import { isCheckoutDir, servedBuild, type BuildRoots } from '../serving/remote-registry';
import { matchesReleaseChecksum } from '../artifacts/artifact-store';
import { derivedFromFiles } from './file-derived';

/** Where a build keeps its server bundle. */
export const SERVER_BUNDLE_PATH = path.join(SERVER_DIR, SERVER_BUNDLE);

export interface ShellServerModule {
  renderApp(input: ShellRenderInput): Promise<string>;
  /** The shell's own pages (/components). Absent from builds made before page tables shipped. */
  pageTable?: RemoteMeta;
}

export interface RemoteServerModule {
  loadRoutes(publicPath: string): Promise<NonNullable<ShellRenderInput['remotes'][RemoteName]>>;
  /** The remote's pages; absent from builds made before page tables shipped. */
  pageTable?: RemoteMeta;
}

/** The server bundle of one remote build that this api serves. */
export interface RemoteBundle {
  name: RemoteName;
  /** The build's folder. */
  dir: string;
  file: string;
  builtMs: number;
  /** URL its files are served under: the bundle renders its asset URLs against it. */
  publicPath: string;
  version: string;
}

/** Loads a bundle afresh: a rebuilt file replaces the copy in Node's module cache. */
function requireFresh<T>(file: string): T {
  delete require.cache[require.resolve(file)];
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a build chosen at run time, reloaded when it changes
  return require(file) as T;
}

export class ServerBundles {
  readonly shellFile: string;

  constructor(private readonly config: BuildRoots) {
    this.shellFile = path.join(config.siteRoot, 'shell', 'dist', SERVER_BUNDLE_PATH);
  }

  /** When the shell's server build was written, or undefined when there is none. */
  shellBuiltMs(): number | undefined {
    return fs.statSync(this.shellFile, { throwIfNoEntry: false })?.mtimeMs;
  }

  /** The shell's server module (loading it publishes the singletons remotes take), or undefined. */
  shell(): ShellServerModule | undefined {
    if (this.shellBuiltMs() === undefined) return undefined;
    return derivedFromFiles([this.shellFile], () => requireFresh<ShellServerModule>(this.shellFile));
  }

  /** The server bundle of the registry's version of a remote, when this api serves that build and it has one. */
  remoteBundle(registry: RemoteEntry[], name: RemoteName): RemoteBundle | undefined {
    const entry = registry.find((e) => e.name === name);
    const build = entry && servedBuild(this.config, entry);
    if (!entry || !build) return undefined;
    const file = path.join(build.dir, SERVER_BUNDLE_PATH);
    const built = fs.statSync(file, { throwIfNoEntry: false });
    return built && { name, dir: build.dir, file, builtMs: built.mtimeMs, publicPath: build.baseUrl, version: entry.version };
  }

  /**
   * A remote's server module. It takes React and the design system from the shell's build when it
   * loads, so the shell is loaded first and a rebuilt shell loads the remote again.
   */
  remote(bundle: RemoteBundle): RemoteServerModule {
    if (!this.shell()) throw new Error('the shell has no server build');
    return derivedFromFiles([this.shellFile, bundle.file], () => {
      // A release runs only as released: its server bundle must match the checksum stored with it.
      // (The checkout's own build, served before any release, is this machine's and has none.)
      if (!isCheckoutDir(this.config, bundle.name, bundle.dir) && !matchesReleaseChecksum(bundle.dir, bundle.file)) {
        throw new Error(
          `the server build of ${bundle.name} ${bundle.version} does not match the checksum recorded when it was released: not loaded`,
        );
      }
      return requireFresh<RemoteServerModule>(bundle.file);
    });
  }
}
