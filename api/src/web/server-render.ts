/**
 * Server rendering: the page body from the shell's server build and, for the route's section, the
 * server build of the remote version the registry names (so a release or rollback shows on the next
 * request, in the HTML as in the browser). Anything missing or failing falls back to an empty root,
 * which the browser renders as before: a page is never refused because it could not be pre-rendered.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RenderAppInput } from '@cardlift/shell/server';
import type { PageFrame, InlineQueryData, RemoteEntry, RemoteName } from '../contracts';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import { remoteFilesDir } from '../services/remote-registry';
import { derivedFromFiles } from './file-derived';

/** Where a build keeps its server bundle (shell/build/rspack-server.ts). */
const SERVER_BUNDLE = path.join('server', 'index.js');
/** A render taking longer than this is abandoned for the browser to do. */
const RENDER_TIMEOUT_MS = 3000;

interface ShellServerModule {
  renderApp(input: RenderAppInput): Promise<string>;
}
interface RemoteServerModule {
  loadRoutes(publicPath: string): Promise<NonNullable<RenderAppInput['remotes'][RemoteName]>>;
}

/** Loads a bundle afresh: a rebuilt file replaces the copy in Node's module cache. */
function requireFresh<T>(file: string): T {
  delete require.cache[require.resolve(file)];
  return require(file) as T;
}

export interface PageRenderRequest {
  url: string;
  registry: RemoteEntry[];
  remote?: RemoteName;
  queryData: InlineQueryData[];
  frame?: Partial<PageFrame>;
}

export class ServerRenderer {
  private readonly shellBundle: string;

  constructor(
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {
    this.shellBundle = path.join(config.siteRoot, 'shell', 'dist', SERVER_BUNDLE);
  }

  /** The page body's HTML, or '' when the browser has to render it. */
  async render(request: PageRenderRequest): Promise<string> {
    if (!fs.existsSync(this.shellBundle)) return '';
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    try {
      const shell = derivedFromFiles([this.shellBundle], () => requireFresh<ShellServerModule>(this.shellBundle));
      const remotes: RenderAppInput['remotes'] = {};
      const routes = request.remote && (await this.remoteRoutes(request.registry, request.remote));
      if (request.remote && routes) remotes[request.remote] = routes;
      return await shell.renderApp({
        url: request.url,
        queryData: request.queryData,
        ...(request.frame ? { frame: request.frame } : {}),
        remotes,
        signal,
        onError: (error) => this.logger.warn({ err: error, url: request.url }, 'server render: a section is left to the browser'),
      });
    } catch (error) {
      this.logger.error({ err: error, url: request.url }, 'server render failed; the browser renders the page');
      return '';
    }
  }

  /** The route component of the registry's version of a remote, when that build is on this server. */
  private async remoteRoutes(registry: RemoteEntry[], name: RemoteName) {
    const entry = registry.find((e) => e.name === name);
    const dir = entry && remoteFilesDir(this.config, name, entry.version);
    const bundle = dir && path.join(dir, SERVER_BUNDLE);
    if (!entry || !bundle || !fs.existsSync(bundle)) return undefined;
    const publicPath = entry.entry.replace(/[^/]*$/, '');
    // Keyed by the shell's bundle too: a remote takes React and the design system from the shell's
    // build when it loads, so a rebuilt shell needs the remote loaded again.
    const loading = derivedFromFiles([this.shellBundle, bundle], () =>
      requireFresh<RemoteServerModule>(bundle).loadRoutes(publicPath),
    );
    try {
      return await loading;
    } catch (error) {
      this.logger.error({ err: error, remote: name, version: entry.version }, 'server build of a remote failed to load');
      return undefined;
    }
  }
}
