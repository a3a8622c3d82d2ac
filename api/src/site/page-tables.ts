/**
 * Every page the site answers, read from the builds it serves: the shell's pages from the shell's
 * server build, each section's pages from the server build of the registry's version of that remote.
 * A release that adds a page or changes a title changes what the api answers on the next request
 * (status, head tags, sitemap, inlined data), and a rollback takes it back; the api holds no copy of
 * any front end's page list.
 */
import { REMOTE_NAMES, type RemoteEntry, type RemoteMeta, type RemoteName } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import { LOCAL_VERSION, registryOfOne } from '../serving/remote-registry';
import type { ServerBundles } from './server-bundles';

const NO_PAGES: RemoteMeta = { pages: [], dynamic: [], sitemap: false };

export interface SitePageTables {
  shell: RemoteMeta;
  /** A remote's table; undefined when its build is not served here (another origin, a dev server) or predates page tables. */
  remote(name: RemoteName): RemoteMeta | undefined;
  /** The tables of every remote that has one. */
  remotes(): RemoteMeta[];
}

export class PageTables {
  constructor(
    private readonly bundles: ServerBundles,
    private readonly logger: Logger,
  ) {}

  /** The page tables of the builds this registry names. */
  forRegistry(registry: RemoteEntry[]): SitePageTables {
    const shell = this.shellTable();
    const cache = new Map<RemoteName, RemoteMeta | undefined>();
    const remote = (name: RemoteName) => {
      if (!cache.has(name)) cache.set(name, this.remoteTable(registry, name));
      return cache.get(name);
    };
    return {
      shell,
      remote,
      remotes: () => REMOTE_NAMES.map(remote).filter((t): t is RemoteMeta => t !== undefined),
    };
  }

  /**
   * The tables the menus are built from: the registry's builds, and for a remote whose build this api
   * does not serve (a team's dev server) the checkout's build of it when there is one, so the menus
   * stay whole while a section is developed.
   */
  navigationTables(registry: RemoteEntry[]): RemoteMeta[] {
    const served = this.forRegistry(registry);
    return REMOTE_NAMES.flatMap((name) => served.remote(name) ?? this.remoteTable(registryOfOne(name, LOCAL_VERSION), name) ?? []);
  }

  private shellTable(): RemoteMeta {
    try {
      return this.bundles.shell()?.pageTable ?? NO_PAGES;
    } catch (error) {
      this.logger.error({ err: error }, "the shell's server build failed to load: its pages are unknown");
      return NO_PAGES;
    }
  }

  private remoteTable(registry: RemoteEntry[], name: RemoteName): RemoteMeta | undefined {
    const bundle = this.bundles.remoteBundle(registry, name);
    if (!bundle) return undefined;
    try {
      return this.bundles.remote(bundle).pageTable;
    } catch (error) {
      this.logger.error(
        { err: error, remote: name, version: bundle.version },
        'server build of a remote failed to load: its pages are unknown',
      );
      return undefined;
    }
  }
}
