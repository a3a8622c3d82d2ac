/**
 * Server rendering: the page body from the shell's server build and, for the route's section, the
 * server build of the remote version the registry names (so a release or rollback shows on the next
 * request, in the HTML as in the browser). Anything missing or failing falls back to an empty root,
 * which the browser renders as before: a page is never refused because it could not be pre-rendered.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { RenderAppInput } from '@cardlift/shell/server';
import type { PageFrame, InlineQueryData, RemoteEntry, RemoteName } from '../contracts';
import type { Logger } from '../logger';
import type { RemoteBundle, ServerBundles } from './server-bundles';

/** A render taking longer than this is abandoned for the browser to do. */
const RENDER_TIMEOUT_MS = 3000;
/**
 * Rendered bodies are kept per URL, builds and data: rendering costs 15-50 ms of CPU, serving a kept
 * one almost nothing. The page renders from its URL, the builds and the data the api inlines, which
 * can change while the process runs (a job posting closes on its validThrough day), so the data is
 * part of the key; the age limit bounds anything else (the footer's year).
 */
const RENDER_CACHE = { max: 500, ttl: 10 * 60 * 1000 };

export interface PageRenderRequest {
  url: string;
  registry: RemoteEntry[];
  remote?: RemoteName;
  queryData: InlineQueryData[];
  frame?: Partial<PageFrame>;
  /** Render afresh and keep nothing (a preview of a candidate release). */
  uncached?: boolean;
}

export class ServerRenderer {
  private readonly rendered = new LRUCache<string, string>(RENDER_CACHE);

  constructor(
    private readonly bundles: ServerBundles,
    private readonly logger: Logger,
  ) {}

  /** The page body's HTML, or '' when the browser has to render it. */
  async render(request: PageRenderRequest): Promise<string> {
    const shellBuiltMs = this.bundles.shellBuiltMs();
    if (shellBuiltMs === undefined) return '';
    const bundle = request.remote ? this.bundles.remoteBundle(request.registry, request.remote) : undefined;
    const data = createHash('sha1').update(JSON.stringify([request.queryData, request.frame])).digest('base64');
    const key = [request.url, shellBuiltMs, bundle?.file, bundle?.builtMs, bundle?.publicPath, data].join('\0');
    const kept = request.uncached ? undefined : this.rendered.get(key);
    if (kept !== undefined) return kept;
    const html = await this.renderNow(request, bundle);
    // A failed render ('') is not kept: the next request tries again. Previews are never kept.
    if (html && !request.uncached) this.rendered.set(key, html);
    return html;
  }

  /**
   * Renders a page of a build that is not live yet and says what went wrong, where a visitor's
   * render would quietly leave the section to the browser: a release is refused for any of it.
   */
  async check(request: PageRenderRequest): Promise<string[]> {
    const problems: string[] = [];
    const bundle = request.remote ? this.bundles.remoteBundle(request.registry, request.remote) : undefined;
    if (request.remote && !bundle) return ['the build has no server build to render its pages with'];
    const html = await this.renderNow(request, bundle, (error) => problems.push(error instanceof Error ? error.message : String(error)));
    if (!html && problems.length === 0) problems.push('the render gave no HTML');
    return problems;
  }

  private async renderNow(request: PageRenderRequest, bundle: RemoteBundle | undefined, report?: (error: unknown) => void): Promise<string> {
    const signal = AbortSignal.timeout(RENDER_TIMEOUT_MS);
    try {
      const shell = this.bundles.shell();
      if (!shell) throw new Error('the shell has no server build');
      const remotes: RenderAppInput['remotes'] = {};
      const routes = bundle && (await this.remoteRoutes(bundle, report));
      if (bundle && routes) remotes[bundle.name] = routes;
      return await shell.renderApp({
        url: request.url,
        queryData: request.queryData,
        ...(request.frame ? { frame: request.frame } : {}),
        remotes,
        signal,
        onError: (error) => {
          report?.(error);
          this.logger.warn({ err: error, url: request.url }, 'server render: a section is left to the browser');
        },
      });
    } catch (error) {
      report?.(error);
      this.logger.error({ err: error, url: request.url }, 'server render failed; the browser renders the page');
      return '';
    }
  }

  /** The route component of a remote's server bundle. */
  private async remoteRoutes(bundle: RemoteBundle, report?: (error: unknown) => void) {
    try {
      return await this.bundles.remote(bundle).loadRoutes(bundle.publicPath);
    } catch (error) {
      report?.(error);
      this.logger.error({ err: error, remote: bundle.name, version: bundle.version }, 'server build of a remote failed to load');
      return undefined;
    }
  }
}
