/**
 * Server rendering: the page body from the shell's server build and, for the route's section, the
 * server build of the remote version the registry names (so a release or rollback shows on the next
 * request, in the HTML as in the browser). Anything missing or failing falls back to an empty root,
 * which the browser renders as before: a page is never refused because it could not be pre-rendered.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { SERVER_BUNDLE, SERVER_DIR } from '@cardlift/shell/build/server-shared';
import type { RenderAppInput } from '@cardlift/shell/server';
import type { PageFrame, InlineQueryData, RemoteEntry, RemoteName } from '../contracts';
import type { AppConfig } from '../config';
import type { Logger } from '../logger';
import { servedBuild } from '../services/remote-registry';
import { derivedFromFiles } from './file-derived';

/** Where a build keeps its server bundle. */
const SERVER_BUNDLE_PATH = path.join(SERVER_DIR, SERVER_BUNDLE);
/** A render taking longer than this is abandoned for the browser to do. */
const RENDER_TIMEOUT_MS = 3000;
/**
 * Rendered bodies are kept per URL, builds and data: rendering costs 15-50 ms of CPU, serving a kept
 * one almost nothing. The page renders from its URL, the builds and the data the api inlines, which
 * can change while the process runs (a job posting closes on its validThrough day), so the data is
 * part of the key; the age limit bounds anything else (the footer's year).
 */
const RENDER_CACHE = { max: 500, ttl: 10 * 60 * 1000 };

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

interface RemoteBundle {
  name: RemoteName;
  file: string;
  builtMs: number;
  /** URL its files are served under: the bundle renders its asset URLs against it. */
  publicPath: string;
  version: string;
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
  private readonly rendered = new LRUCache<string, string>(RENDER_CACHE);

  constructor(
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {
    this.shellBundle = path.join(config.siteRoot, 'shell', 'dist', SERVER_BUNDLE_PATH);
  }

  /** The page body's HTML, or '' when the browser has to render it. */
  async render(request: PageRenderRequest): Promise<string> {
    const shellBuilt = fs.statSync(this.shellBundle, { throwIfNoEntry: false });
    if (!shellBuilt) return '';
    const bundle = request.remote ? this.remoteBundle(request.registry, request.remote) : undefined;
    const data = createHash('sha1').update(JSON.stringify([request.queryData, request.frame])).digest('base64');
    const key = [request.url, shellBuilt.mtimeMs, bundle?.file, bundle?.builtMs, bundle?.publicPath, data].join('\0');
    const kept = this.rendered.get(key);
    if (kept !== undefined) return kept;
    const html = await this.renderNow(request, bundle);
    // A failed render ('') is not kept: the next request tries again.
    if (html) this.rendered.set(key, html);
    return html;
  }

  private async renderNow(request: PageRenderRequest, bundle: RemoteBundle | undefined): Promise<string> {
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    try {
      const shell = derivedFromFiles([this.shellBundle], () => requireFresh<ShellServerModule>(this.shellBundle));
      const remotes: RenderAppInput['remotes'] = {};
      const routes = bundle && (await this.remoteRoutes(bundle));
      if (bundle && routes) remotes[bundle.name] = routes;
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

  /** The server bundle of the registry's version of a remote, when this api serves that build and it has one. */
  private remoteBundle(registry: RemoteEntry[], name: RemoteName): RemoteBundle | undefined {
    const entry = registry.find((e) => e.name === name);
    const build = entry && servedBuild(this.config, entry);
    if (!entry || !build) return undefined;
    const file = path.join(build.dir, SERVER_BUNDLE_PATH);
    const built = fs.statSync(file, { throwIfNoEntry: false });
    return built && { name, file, builtMs: built.mtimeMs, publicPath: build.baseUrl, version: entry.version };
  }

  /** The route component of a remote's server bundle. */
  private async remoteRoutes(bundle: RemoteBundle) {
    // Keyed by the shell's bundle too: a remote takes React and the design system from the shell's
    // build when it loads, so a rebuilt shell needs the remote loaded again.
    const loading = derivedFromFiles([this.shellBundle, bundle.file], () =>
      requireFresh<RemoteServerModule>(bundle.file).loadRoutes(bundle.publicPath),
    );
    try {
      return await loading;
    } catch (error) {
      this.logger.error({ err: error, remote: bundle.name, version: bundle.version }, 'server build of a remote failed to load');
      return undefined;
    }
  }
}
