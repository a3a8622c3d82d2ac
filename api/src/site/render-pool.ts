/**
 * The api's side of server rendering: a pool of sandboxed renderer processes (render-processes.ts)
 * runs every piece of a front end's server code, with a deadline on each task. A section that hangs,
 * allocates without bound or crashes costs its process (it is replaced) and leaves that page to the
 * browser for this request; nothing broken is kept, and the api process never loads section code.
 * Renderers hold no secret: an empty environment, no database, no network, no writes, no children
 * (sandbox-command.ts). Rendered bodies are kept here, in one LRU shared by all renderers, keyed by
 * what changes a page: its path (never the query string), the builds and the data.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { RemoteEntry, SiteNavigation } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { ResolvedPage } from './page-resolver';
import { PoolPageTables } from './pool-page-tables';
import { readShared, type SharedContent } from '../content/live-content';
import { readCheckedContent } from '../content/content-store';
import type { RenderTask } from './render-tasks';
import { ServerBundles } from './server-bundles';
import { ProcessPool, TaskFailed } from './render-processes';
import type { RendererSettings, TaskName, WireContent } from './renderer-protocol';
import { readableBuilds, rendererEntry } from './renderer-bundle';
import { sandboxCommand, sandboxNetwork, type SandboxNetwork } from './sandbox-command';

/**
 * Deadlines after which a renderer is ended: for code that blocks it (a loop that never returns).
 * A section whose code merely never settles is answered inside the renderer at 3 s (render-tasks.ts)
 * and costs no process. A fresh renderer takes a second or two to load, hence the margin.
 */
export const RENDER_DEADLINE_MS = 8000;
export const RESOLVE_DEADLINE_MS = 5000;
export const CHECK_DEADLINE_MS = 30_000;
/**
 * Rendered bodies are kept per page and builds: rendering costs 15-50 ms of CPU, serving a kept one
 * almost nothing. The age limit bounds anything else (the footer's year).
 */
const RENDER_CACHE = { max: 500, ttl: 10 * 60 * 1000 };
/** Renderers started: one per core (at most 4), so none waits for a core while another idles. */
export const RENDERERS = Math.max(1, Math.min(4, os.availableParallelism()));

export interface PoolRenderRequest extends RenderTask {
  /**
   * The page is not found: the route it falls under (`notFoundRoute`). Every unknown path of one
   * route of a section shares one kept body.
   */
  notFound?: string;
  /** Render afresh and keep nothing (a preview of a candidate release). */
  uncached?: boolean;
}

export interface RenderPoolOptions {
  /** The published content the renderers get (the content files until there is some). */
  content?: () => SharedContent | undefined;
  renderDeadlineMs?: number;
  resolveDeadlineMs?: number;
  maxThreads?: number;
  /**
   * Starts the renderers instead of the sandboxed processes: only the render bench's baseline (the
   * same tasks in worker threads of one process) passes it, to measure the pool swapped and nothing else.
   */
  startRenderers?: (settings: RendererSettings, size: number) => Renderers;
}

/** What RenderPool needs of its renderers (ProcessPool's surface). */
export type Renderers = Pick<ProcessPool, 'run' | 'pids' | 'close' | 'size' | 'queueSize'>;

/** Told of each page body asked for (the /metrics counters). */
export interface RenderObserver {
  cacheAnswered(hit: boolean): void;
  rendered(seconds: number, ok: boolean): void;
  /** A section's server code failed a render (threw, or its renderer was ended): per section and version. */
  renderFailed(remote: string, version: string): void;
}

export class RenderPool {
  private pool: Renderers | undefined;
  /** The network renderers get: their own namespace, or the host's where the operator accepted it. */
  readonly network: SandboxNetwork;
  private fileContent: WireContent | undefined;
  private wired: { shared: SharedContent; wire: WireContent } | undefined;
  observer: RenderObserver | undefined;
  /** Told of each server render of a section's page, and whether it failed (stored for the release health and the guard). */
  sectionRendered: ((remote: string, version: string, ok: boolean) => void) | undefined;
  private poolShellMs: number | undefined;
  private readonly bundles: ServerBundles;
  private readonly rendered = new LRUCache<string, string>(RENDER_CACHE);
  /** Which page a path is, the menus, the routes and the sitemap, asked of the renderers and kept. */
  private readonly tables: PoolPageTables;

  constructor(
    private readonly config: Pick<
      AppConfig,
      'siteRoot' | 'releasesDir' | 'contentDir' | 'logLevel' | 'siteAddresses' | 'renderSandboxNetwork'
    >,
    private readonly logger: Logger,
    private readonly options: RenderPoolOptions = {},
  ) {
    this.bundles = new ServerBundles(config);
    this.tables = new PoolPageTables(
      {
        run: (name, task, deadlineMs) => this.run(name, task, deadlineMs),
        buildsKey: (registry) => this.buildsKey(registry),
        contentRevision: () => this.options.content?.()?.revision ?? 0,
        wire,
      },
      logger,
      options.resolveDeadlineMs ?? RESOLVE_DEADLINE_MS,
    );
    this.network = sandboxNetwork(config.renderSandboxNetwork);
    if (this.network === 'host')
      logger.warn('RENDER_SANDBOX_NETWORK=host: section code runs without a network namespace and can reach loopback services');
  }

  /**
   * The renderers. A rebuilt shell gets fresh ones: the shell publishes the shared modules read-only,
   * once per process, so a new shell build is never mixed with the old one's React.
   */
  private workers(): Renderers {
    const shellMs = this.bundles.shellBuiltMs();
    if (this.pool && shellMs === this.poolShellMs) return this.pool;
    void this.pool?.close();
    const shellServer = path.join(this.config.siteRoot, 'shell', 'dist', 'server');
    const settings: RendererSettings = {
      siteRoot: this.config.siteRoot,
      releasesDir: this.config.releasesDir,
      logLevel: this.config.logLevel,
      siteAddresses: this.config.siteAddresses,
    };
    // Every renderer started at once and kept: a cold one costs its first request a second or two.
    const size = this.options.maxThreads ?? RENDERERS;
    this.pool =
      this.options.startRenderers?.(settings, size) ??
      new ProcessPool({
        command: sandboxCommand(rendererEntry(), readableBuilds(this.config), this.network),
        // Inside the builds (the shell's server build, or the site's folder before there is one).
        cwd: shellMs === undefined ? this.config.siteRoot : shellServer,
        settings,
        size,
        logger: this.logger,
      });
    this.poolShellMs = shellMs;
    return this.pool;
  }

  /** The published content as renderers receive it: converted once per revision. */
  private content(): WireContent {
    const shared = this.options.content?.();
    if (!shared) {
      this.fileContent ??= { revision: 0, json: JSON.stringify(readCheckedContent(this.config.contentDir)) };
      return this.fileContent;
    }
    if (this.wired?.shared !== shared) this.wired = { shared, wire: wire(shared) };
    return this.wired.wire;
  }

  private async outcome<T>(name: TaskName, task: Record<string, unknown>, deadlineMs: number) {
    return this.workers().run<T>(name, task, deadlineMs, this.content());
  }

  private async run<T>(name: TaskName, task: Record<string, unknown>, deadlineMs: number): Promise<T> {
    return (await this.outcome<T>(name, task, deadlineMs)).value;
  }

  /** What names the builds a registry serves: their versions and when their server bundles were written. */
  private buildsKey(registry: RemoteEntry[]): string {
    const builds = registry.map((entry) => {
      const bundle = this.bundles.remoteBundle(registry, entry.name);
      return `${entry.name}@${entry.version}:${bundle?.builtMs ?? ''}`;
    });
    return [this.bundles.shellBuiltMs(), ...builds].join('\0');
  }

  /** Which page a path is (null: unknown, a 404); `preview` is resolved afresh and never kept (pool-page-tables.ts). */
  resolve(pathname: string, registry: RemoteEntry[], now: Date, preview?: SharedContent): Promise<ResolvedPage | null> {
    return this.tables.resolve(pathname, registry, now, preview);
  }

  /** The route an unknown path falls under (see `notFoundRoute`); '' when the page tables do not answer in time. */
  notFoundRoute(pathname: string, registry: RemoteEntry[]): Promise<string> {
    return this.tables.notFoundRoute(pathname, registry);
  }

  /** The header's and footer's links, from the page tables of the builds `registry` names. */
  navigation(registry: RemoteEntry[]): Promise<SiteNavigation> {
    return this.tables.navigation(registry);
  }

  /** The routes the builds `registry` names pages of (static paths and patterns); throws when the workers do not answer. */
  routes(registry: RemoteEntry[]): Promise<string[]> {
    return this.tables.routes(registry);
  }

  sitemap(registry: RemoteEntry[], now: Date): Promise<string[]> {
    return this.tables.sitemap(registry, now);
  }

  /** The page body's HTML, or '' when the browser has to render it (no server build, an error, past the deadline). */
  async render(request: PoolRenderRequest): Promise<string> {
    const shellMs = this.bundles.shellBuiltMs();
    if (shellMs === undefined) return '';
    const bundle = request.remote ? this.bundles.remoteBundle(request.registry, request.remote) : undefined;
    const data = createHash('sha1')
      .update(JSON.stringify([request.queryData, request.frame, request.navigation]))
      .digest('base64');
    const page = request.notFound === undefined ? request.url : `404\0${request.remote ?? ''}\0${request.notFound}`;
    const key = [page, shellMs, bundle?.file, bundle?.builtMs, bundle?.publicPath, data].join('\0');
    const kept = request.uncached ? undefined : this.rendered.get(key);
    if (!request.uncached) this.observer?.cacheAnswered(kept !== undefined);
    if (kept !== undefined) return kept;
    const { notFound: _notFound, uncached: _uncached, ...task } = request;
    let html = '';
    const started = performance.now();
    try {
      const { value, attempts } = await this.outcome<string>('render', { ...task }, this.options.renderDeadlineMs ?? RENDER_DEADLINE_MS);
      html = value;
      if (attempts.length > 0)
        this.logger.warn({ url: request.url, remote: request.remote, attempts }, "a section's server code tried what a renderer may not");
    } catch (error) {
      this.logger.error(
        { err: error, url: request.url, remote: request.remote },
        'server render failed or took too long: the browser renders the page',
      );
    }
    const version = request.remote && request.registry.find((entry) => entry.name === request.remote)?.version;
    if (request.remote && version) {
      if (html === '') this.observer?.renderFailed(request.remote, version);
      this.sectionRendered?.(request.remote, version, html !== '');
    }
    this.observer?.rendered((performance.now() - started) / 1000, html !== '');
    // A failed render ('') is not kept: the next request tries again. Previews are never kept.
    if (html && !request.uncached) this.rendered.set(key, html);
    return html;
  }

  /** What /api/health tells an operator: renderers sharing the host's network. */
  warnings(): string[] {
    return this.network === 'host'
      ? ['renderers run without a network namespace (RENDER_SANDBOX_NETWORK=host): section code can reach loopback services']
      : [];
  }

  /** Renders waiting for a renderer. */
  queueSize(): number {
    return this.pool?.queueSize ?? 0;
  }

  /** The renderer processes' ids (for measuring their memory). */
  rendererPids(): number[] {
    return this.pool?.pids() ?? [];
  }

  /**
   * A stored release's server check: its page table loads and each static page renders, and its
   * code tries nothing a renderer may not (each attempt is named: a release is refused for it).
   */
  async check(remote: RenderTask['remote'], version: string): Promise<string[]> {
    try {
      const { value, attempts } = await this.outcome<string[]>(
        'check',
        { remote, version, now: new Date().toISOString() },
        CHECK_DEADLINE_MS,
      );
      return [...attempts.map(forbidden), ...value];
    } catch (error) {
      const attempts = error instanceof TaskFailed ? error.attempts.map(forbidden) : [];
      return [...attempts, `its server code did not finish loading and rendering its pages: ${(error as Error).message}`];
    }
  }

  /** Starts the renderers and waits until each has loaded the content and the shell's build. */
  async warm(): Promise<void> {
    const pool = this.workers();
    await Promise.all(Array.from({ length: pool.size }, () => this.run('warm', {}, RENDER_DEADLINE_MS).catch(() => undefined)));
  }

  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }
}

/** What a release is refused for when its server code tried something a renderer may not do. */
function forbidden(attempt: string): string {
  return `the server build tried to ${attempt}`;
}

function wire(shared: SharedContent): WireContent {
  return { revision: shared.revision, json: JSON.stringify(readShared(shared)) };
}
