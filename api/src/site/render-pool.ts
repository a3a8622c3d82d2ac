/**
 * The api's side of server rendering: a pool of worker threads (piscina) runs every piece of a front
 * end's server code, with a deadline on each task. A section that hangs or throws costs its worker
 * (piscina replaces it) and leaves that page to the browser for this request; nothing broken is kept,
 * and the api process never runs section code. Workers start with an empty environment: no database
 * URL, SMTP or webhook secret is theirs to read. Rendered bodies are kept here, in one LRU shared by
 * all workers, keyed by what changes a page: its path (never the query string), the builds and the data.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import { EMPTY_NAVIGATION, type RemoteEntry, type SiteNavigation } from '@cardlift/contracts';
import type { AppConfig } from '../platform/config';
import type { Logger } from '../platform/logger';
import { sectionFallback, type ResolvedPage } from './page-resolver';
import type { SharedContent } from '../content/live-content';
import type { RenderTask, WorkerSettings } from './render-tasks';
import { ServerBundles } from './server-bundles';

/**
 * Deadlines after which a worker is ended: for code that blocks its thread (a loop that never
 * returns). A section whose code merely never settles is answered inside the worker at 3 s
 * (render-tasks.ts) and costs no worker. A fresh worker takes a second or two to load, hence the margin.
 */
export const RENDER_DEADLINE_MS = 8000;
export const RESOLVE_DEADLINE_MS = 5000;
export const CHECK_DEADLINE_MS = 30_000;
/**
 * Rendered bodies are kept per page and builds: rendering costs 15-50 ms of CPU, serving a kept one
 * almost nothing. The age limit bounds anything else (the footer's year).
 */
const RENDER_CACHE = { max: 500, ttl: 10 * 60 * 1000 };
const THREADS = Math.max(1, Math.min(4, os.availableParallelism()));

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
  /** The published content every task carries (the workers' copy of the content files until there is some). */
  content?: () => SharedContent | undefined;
  renderDeadlineMs?: number;
  resolveDeadlineMs?: number;
  maxThreads?: number;
}

/** Told of each page body asked for (the /metrics counters). */
export interface RenderObserver {
  cacheAnswered(hit: boolean): void;
  rendered(seconds: number, ok: boolean): void;
}

export class RenderPool {
  private pool: Piscina | undefined;
  observer: RenderObserver | undefined;
  private poolShellMs: number | undefined;
  private readonly bundles: ServerBundles;
  private readonly rendered = new LRUCache<string, string>(RENDER_CACHE);
  /**
   * Which page a path is, kept per path, served builds and minute: answering from here spares a
   * round trip to a worker on every request. Content that expires (a job posting) is judged by the
   * minute, well within the day its closing is decided by.
   */
  private readonly resolved = new LRUCache<string, { page: ResolvedPage | null }>({ max: 2000, ttl: 60_000 });

  /** The menus per served builds, kept a minute (a checkout build standing in for a dev server can change unseen). */
  private readonly navigations = new LRUCache<string, SiteNavigation>({ max: 100, ttl: 60_000 });
  /** The menus last built, answered while the workers cannot build them. */
  private lastNavigation: SiteNavigation = EMPTY_NAVIGATION;
  /** The routes per served builds, kept like the menus. */
  private readonly routeLists = new LRUCache<string, string[]>({ max: 100, ttl: 60_000 });

  constructor(
    private readonly config: Pick<AppConfig, 'siteRoot' | 'releasesDir' | 'contentDir' | 'logLevel' | 'siteAddresses'>,
    private readonly logger: Logger,
    private readonly options: RenderPoolOptions = {},
  ) {
    this.bundles = new ServerBundles(config);
  }

  /**
   * The workers. A rebuilt shell gets fresh ones: the shell publishes the shared modules read-only,
   * once per worker, so a new shell build is never mixed with the old one's React.
   */
  private workers(): Piscina {
    const shellMs = this.bundles.shellBuiltMs();
    if (this.pool && shellMs === this.poolShellMs) return this.pool;
    void this.pool?.destroy();
    const workerData: WorkerSettings = {
      siteRoot: this.config.siteRoot,
      releasesDir: this.config.releasesDir,
      contentDir: this.config.contentDir,
      logLevel: this.config.logLevel,
      siteAddresses: this.config.siteAddresses,
    };
    this.pool = new Piscina({
      filename: path.join(__dirname, 'render-worker.cjs'),
      workerData,
      // Nothing of the api's environment: section code cannot read the database URL or mail secrets.
      env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
      // Every worker started at once and kept: a cold one costs its first request a second or two.
      minThreads: this.options.maxThreads ?? THREADS,
      maxThreads: this.options.maxThreads ?? THREADS,
      idleTimeout: 60_000,
    });
    this.poolShellMs = shellMs;
    return this.pool;
  }

  private run<T>(name: string, task: object, deadlineMs: number): Promise<T> {
    const content = this.options.content?.();
    return this.workers().run(content ? { ...task, content } : task, { name, signal: AbortSignal.timeout(deadlineMs) }) as Promise<T>;
  }

  /** Which page a path is (null: unknown, a 404), from the page tables of the builds `registry` names. */
  /** What names the builds a registry serves: their versions and when their server bundles were written. */
  private buildsKey(registry: RemoteEntry[]): string {
    const builds = registry.map((entry) => {
      const bundle = this.bundles.remoteBundle(registry, entry.name);
      return `${entry.name}@${entry.version}:${bundle?.builtMs ?? ''}`;
    });
    return [this.bundles.shellBuiltMs(), ...builds].join('\0');
  }

  /**
   * `preview`: the content one browser previews (an item's draft laid over the published content),
   * for this task alone: resolved afresh and never kept.
   */
  async resolve(pathname: string, registry: RemoteEntry[], now: Date, preview?: SharedContent): Promise<ResolvedPage | null> {
    // The content revision too: a publish or unpublish changes which pages exist (the whole cache, simply).
    const content = this.options.content?.()?.revision ?? 0;
    const key = [pathname, this.buildsKey(registry), Math.floor(now.getTime() / 60_000), content].join('\0');
    const kept = preview ? undefined : this.resolved.get(key);
    if (kept) return kept.page;
    try {
      const page = await this.run<ResolvedPage | null>(
        'resolve',
        { path: pathname, registry, now: now.toISOString(), ...(preview ? { preview } : {}) },
        this.options.resolveDeadlineMs ?? RESOLVE_DEADLINE_MS,
      );
      if (!preview) this.resolved.set(key, { page });
      return page;
    } catch (error) {
      this.logger.error({ err: error, path: pathname }, 'page tables did not answer in time: the browser draws this page');
      return sectionFallback(pathname);
    }
  }

  /** The route an unknown path falls under (see `notFoundRoute`); '' when the page tables do not answer in time. */
  async notFoundRoute(pathname: string, registry: RemoteEntry[]): Promise<string> {
    try {
      return await this.run<string>(
        'unknownPathRoute',
        { path: pathname, registry },
        this.options.resolveDeadlineMs ?? RESOLVE_DEADLINE_MS,
      );
    } catch {
      return '';
    }
  }

  /** The header's and footer's links, from the page tables of the builds `registry` names. */
  async navigation(registry: RemoteEntry[]): Promise<SiteNavigation> {
    const key = this.buildsKey(registry);
    const kept = this.navigations.get(key);
    if (kept) return kept;
    try {
      const navigation = await this.run<SiteNavigation>('navigation', { registry }, this.options.resolveDeadlineMs ?? RESOLVE_DEADLINE_MS);
      this.navigations.set(key, navigation);
      this.lastNavigation = navigation;
      return navigation;
    } catch (error) {
      this.logger.error({ err: error }, 'page tables did not answer in time: the menus are the last ones built');
      return this.lastNavigation;
    }
  }

  /** The routes the builds `registry` names pages of (static paths and patterns); throws when the workers do not answer. */
  async routes(registry: RemoteEntry[]): Promise<string[]> {
    const key = this.buildsKey(registry);
    const kept = this.routeLists.get(key);
    if (kept) return kept;
    const listed = await this.run<string[]>('routes', { registry }, this.options.resolveDeadlineMs ?? RESOLVE_DEADLINE_MS);
    this.routeLists.set(key, listed);
    return listed;
  }

  async sitemap(registry: RemoteEntry[], now: Date): Promise<string[]> {
    return this.run<string[]>('sitemap', { registry, now: now.toISOString() }, this.options.resolveDeadlineMs ?? RESOLVE_DEADLINE_MS);
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
      html = await this.run<string>('render', task, this.options.renderDeadlineMs ?? RENDER_DEADLINE_MS);
    } catch (error) {
      this.logger.error(
        { err: error, url: request.url, remote: request.remote },
        'server render failed or took too long: the browser renders the page',
      );
    }
    this.observer?.rendered((performance.now() - started) / 1000, html !== '');
    // A failed render ('') is not kept: the next request tries again. Previews are never kept.
    if (html && !request.uncached) this.rendered.set(key, html);
    return html;
  }

  /** Renders waiting for a worker. */
  queueSize(): number {
    return this.pool?.queueSize ?? 0;
  }

  /** A stored release's server check: its page table loads and each static page renders. */
  async check(remote: RenderTask['remote'], version: string): Promise<string[]> {
    try {
      return await this.run<string[]>('check', { remote, version, now: new Date().toISOString() }, CHECK_DEADLINE_MS);
    } catch (error) {
      return [`its server code did not finish loading and rendering its pages: ${(error as Error).message}`];
    }
  }

  /** Starts the workers and waits until each has loaded the content and the shell's build. */
  async warm(): Promise<void> {
    const pool = this.workers();
    await Promise.all(Array.from({ length: pool.options.maxThreads }, () => pool.run({}, { name: 'warm' }).catch(() => undefined)));
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}
