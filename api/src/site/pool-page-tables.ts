/**
 * The render pool's side of the page tables (the renderers answer from page-tables.ts): which page a
 * path is, the route an unknown path falls under, the menus, the routes and the sitemap. Answers are
 * kept per served builds (and per minute and content revision for a path's page), so most requests
 * make no round trip to a renderer; when the renderers do not answer in time, a fallback is answered.
 */
import { LRUCache } from 'lru-cache';
import { EMPTY_NAVIGATION, type RemoteEntry, type SiteNavigation } from '@cardlift/contracts';
import type { SharedContent } from '../content/live-content';
import type { Logger } from '../platform/logger';
import { sectionFallback, type ResolvedPage } from './page-resolver';
import type { TaskName } from './renderer-protocol';

/** What the page tables need of the render pool. */
export interface PoolPageTableTasks {
  run<T>(name: TaskName, task: Record<string, unknown>, deadlineMs: number): Promise<T>;
  /** What names the builds a registry serves (their versions and when their server bundles were written). */
  buildsKey(registry: RemoteEntry[]): string;
  /** The published content's revision (0 for the content files). */
  contentRevision(): number;
  /** `preview` as the renderers receive it. */
  wire(preview: SharedContent): unknown;
}

export class PoolPageTables {
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
    private readonly tasks: PoolPageTableTasks,
    private readonly logger: Logger,
    private readonly deadlineMs: number,
  ) {}

  /**
   * Which page a path is (null: unknown, a 404), from the page tables of the builds `registry` names.
   * `preview`: the content one browser previews (an item's draft laid over the published content),
   * for this task alone: resolved afresh and never kept.
   */
  async resolve(pathname: string, registry: RemoteEntry[], now: Date, preview?: SharedContent): Promise<ResolvedPage | null> {
    // The content revision too: a publish or unpublish changes which pages exist (the whole cache, simply).
    const key = [pathname, this.tasks.buildsKey(registry), Math.floor(now.getTime() / 60_000), this.tasks.contentRevision()].join('\0');
    const kept = preview ? undefined : this.resolved.get(key);
    if (kept) return kept.page;
    try {
      const page = await this.tasks.run<ResolvedPage | null>(
        'resolve',
        { path: pathname, registry, now: now.toISOString(), ...(preview ? { preview: this.tasks.wire(preview) } : {}) },
        this.deadlineMs,
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
      return await this.tasks.run<string>('unknownPathRoute', { path: pathname, registry }, this.deadlineMs);
    } catch {
      return '';
    }
  }

  /** The header's and footer's links, from the page tables of the builds `registry` names. */
  async navigation(registry: RemoteEntry[]): Promise<SiteNavigation> {
    const key = this.tasks.buildsKey(registry);
    const kept = this.navigations.get(key);
    if (kept) return kept;
    try {
      const navigation = await this.tasks.run<SiteNavigation>('navigation', { registry }, this.deadlineMs);
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
    const key = this.tasks.buildsKey(registry);
    const kept = this.routeLists.get(key);
    if (kept) return kept;
    const listed = await this.tasks.run<string[]>('routes', { registry }, this.deadlineMs);
    this.routeLists.set(key, listed);
    return listed;
  }

  async sitemap(registry: RemoteEntry[], now: Date): Promise<string[]> {
    return this.tasks.run<string[]>('sitemap', { registry, now: now.toISOString() }, this.deadlineMs);
  }
}
