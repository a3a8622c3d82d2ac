/**
 * What runs inside a renderer process: everything that executes a front end's server code (page
 * tables, dynamic page resolvers, React renders, release checks). The process gets only the builds it
 * reads, and the content and request facts in its messages (render-child.ts); a section that hangs
 * or crashes costs this process, never the api's.
 */
import {
  publishSiteAddresses,
  resolvePageMeta,
  siteNavigation,
  type ContactFormState,
  type InlineQueryData,
  type SiteAddresses,
  type PageFrame,
  type PageMeta,
  type RemoteEntry,
  type RemoteName,
  type SiteNavigation,
} from '@cardlift/contracts';
import { createLogger, type Logger } from '../platform/logger';
import { contentStore, type ContentItems, type ContentStore } from '../content/content-store';
import { registryOfOne } from '../serving/remote-registry';
import { notFoundRoute, resolvePage, type ResolvedPage } from './page-resolver';
import { PageTables } from './page-tables';
import { inlineQueryData } from './query-data';
import { ServerBundles } from './server-bundles';
import { ServerRenderer } from './server-render';
import { sitemapPaths } from './sitemap';
import type { RendererSettings, TaskName, WireContent } from './renderer-protocol';

let logger: Logger;
let bundles: ServerBundles;
let tables: PageTables;
let renderer: ServerRenderer;
/** The request's "now": content that expires (job postings) is judged against it. */
let now = new Date();
/** The published content, as last sent (every renderer is sent it before its first task). */
let content: ContentStore = contentStore({ caseStudies: [], blogPosts: [], jobs: [], banners: {} } as unknown as ContentItems, () => now);
let contentRevision = -1;

/** The renderer's first message: where the builds are, and the site's addresses. */
export function configure(settings: RendererSettings): void {
  // Before any section's code loads: its head tags, JSON-LD and links read the environment's addresses.
  publishSiteAddresses(settings.siteAddresses as SiteAddresses);
  logger = createLogger(settings.logLevel);
  bundles = new ServerBundles(settings);
  tables = new PageTables(bundles, logger);
  renderer = new ServerRenderer(bundles, logger);
  // Loaded when the renderer starts, not on the first visitor's request.
  try {
    bundles.shell();
  } catch (error) {
    logger.error({ err: error }, "the shell's server build failed to load");
  }
}

function adopt(wire: WireContent | undefined): void {
  if (!wire || wire.revision === contentRevision) return;
  content = contentStore(JSON.parse(wire.json) as ContentItems, () => now);
  contentRevision = wire.revision;
}

/** A render (the section's build loading included) taking longer is left to the browser. */
export const RENDER_DEADLINE_MS = 3000;

/**
 * Settles with `fallback` once `ms` have passed: a section whose code never settles (a load that
 * hangs) costs one request this long, and nothing of it is kept. Code that blocks the thread is
 * stopped from outside instead (the pool's deadline ends the worker).
 */
function withDeadline<T>(work: Promise<T>, ms: number, fallback: T, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => {
      logger.warn({ what, ms }, 'past its deadline: left to the browser');
      resolve(fallback);
    }, ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Nothing: makes the pool start a renderer, which loads the shell's build. */
function warm(task: WithContent): boolean {
  adopt(task.content);
  return true;
}

export interface ResolveTask {
  path: string;
  registry: RemoteEntry[];
  now: string;
}

/** A task carries the published content when this renderer has not got that revision yet (render-processes.ts). */
interface WithContent {
  content?: WireContent;
}

export function resolve(task: ResolveTask & WithContent & { preview?: WireContent }): ResolvedPage | null {
  now = new Date(task.now);
  adopt(task.content);
  // A previewed item's content serves this task alone: the renderer's own copy stays the published one.
  const served = task.preview ? contentStore(JSON.parse(task.preview.json) as ContentItems, () => now) : content;
  return resolvePage(task.path, served, tables.forRegistry(task.registry));
}

export function unknownPathRoute(task: { path: string; registry: RemoteEntry[] }): string {
  return notFoundRoute(task.path, tables.forRegistry(task.registry));
}

export function sitemap(task: { registry: RemoteEntry[]; now: string } & WithContent): string[] {
  now = new Date(task.now);
  adopt(task.content);
  return sitemapPaths(content, tables.forRegistry(task.registry).remotes());
}

/** The menus' links of the builds `registry` names; a page's malformed entry is left out and logged. */
export function navigation(task: { registry: RemoteEntry[] }): SiteNavigation {
  return siteNavigation(tables.navigationTables(task.registry), (path, problem) =>
    logger.warn({ path, problem }, "a page's menu entry is malformed: it is left out of the menus"),
  );
}

/** The routes the builds `registry` names have pages of: static paths and dynamic patterns (what pages report). */
export function routes(task: { registry: RemoteEntry[] }): string[] {
  const served = tables.forRegistry(task.registry);
  return [served.shell, ...served.remotes()].flatMap((table) => [
    ...table.pages.map((page) => page.path),
    ...table.dynamic.map((page) => page.pattern),
  ]);
}

export interface RenderTask {
  url: string;
  registry: RemoteEntry[];
  remote?: RemoteName;
  queryData: InlineQueryData[];
  frame?: Partial<PageFrame>;
  navigation?: SiteNavigation;
  contactForm?: ContactFormState;
}

export function render(task: RenderTask): Promise<string> {
  return withDeadline(renderer.render(task), RENDER_DEADLINE_MS, '', `render of ${task.url}`);
}

/** Loads a stored build's page table and renders each of its static pages, as a visitor would get them. */
export async function check(task: { remote: RemoteName; version: string; now: string } & WithContent): Promise<string[]> {
  now = new Date(task.now);
  adopt(task.content);
  const { remote, version } = task;
  const registry = registryOfOne(remote, version);
  if (!bundles.shell()) return ['the shell has no server build to render with (npm run build -w shell)'];
  const bundle = bundles.remoteBundle(registry, remote);
  if (!bundle) return ['the build has no server build (server/index.js): the site could not render its pages'];
  let table;
  try {
    table = bundles.remote(bundle).pageTable;
  } catch (error) {
    return [`its server build does not load: ${(error as Error).message}`];
  }
  if (!table) return ['its server build exports no page table (pageTable): the site would not know its pages'];
  const problems: string[] = [];
  for (const page of table.pages as readonly PageMeta[]) {
    if (!resolvePageMeta(table, page.path, content)) continue;
    const queryData = inlineQueryData(page.queries ?? [], content);
    const request = { url: page.path, registry, remote, queryData, ...(page.frame ? { frame: page.frame } : {}) };
    const found = await withDeadline(
      renderer.check(request),
      RENDER_DEADLINE_MS,
      [`no answer within ${RENDER_DEADLINE_MS} ms`],
      `check of ${page.path}`,
    );
    problems.push(...found.map((problem) => `${page.path} does not render: ${problem}`));
  }
  return problems;
}

const TASKS: Record<TaskName, (task: never) => unknown> = {
  resolve,
  unknownPathRoute,
  navigation,
  routes,
  sitemap,
  render,
  check,
  warm,
};

/** Runs one task a message names, the content it carries taken first. */
export function run(name: TaskName, task: Record<string, unknown>): unknown {
  adopt(task.content as WireContent | undefined);
  return TASKS[name](task as never);
}
