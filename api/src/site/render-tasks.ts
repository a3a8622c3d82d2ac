/**
 * What runs inside a render worker: everything that executes a front end's server code (page tables,
 * dynamic page resolvers, React renders, release checks). The worker gets only the paths it reads
 * and no secrets (render-pool.ts starts it with an empty environment); a section that hangs or
 * crashes costs this worker, never the api process.
 */
import { workerData } from 'node:worker_threads';
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
import { createLogger } from '../platform/logger';
import { contentStore, loadContent } from '../content/content-store';
import { LiveContent, readShared, type SharedContent } from '../content/live-content';
import { registryOfOne } from '../registry/remote-registry';
import { notFoundRoute, resolvePage, type ResolvedPage } from './page-resolver';
import { PageTables } from './page-tables';
import { inlineQueryData } from './query-data';
import { ServerBundles } from './server-bundles';
import { ServerRenderer } from './server-render';
import { sitemapPaths } from './sitemap';

export interface WorkerSettings {
  siteRoot: string;
  releasesDir: string;
  contentDir: string;
  logLevel: string;
  siteAddresses: SiteAddresses;
}

const settings = workerData as WorkerSettings;
// Before any section's code loads: its head tags, JSON-LD and links read the environment's addresses.
publishSiteAddresses(settings.siteAddresses);
const logger = createLogger(settings.logLevel);
const bundles = new ServerBundles(settings);
const tables = new PageTables(bundles, logger);
const renderer = new ServerRenderer(bundles, logger);
/** The request's "now": content that expires (job postings) is judged against it. */
let now = new Date();
const content = new LiveContent(
  loadContent(settings.contentDir, () => now),
  () => now,
);
// Loaded when the worker starts, not on the first visitor's request.
try {
  bundles.shell();
} catch (error) {
  logger.error({ err: error }, "the shell's server build failed to load");
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

/** Nothing: makes the pool start a worker, which loads the content and the shell's build. */
export function warm(): boolean {
  return true;
}

export interface ResolveTask {
  path: string;
  registry: RemoteEntry[];
  now: string;
}

/** Every task carries the published content (render-pool.ts); it is taken when newer than the one held. */
interface WithContent {
  content?: SharedContent;
}

export function resolve(task: ResolveTask & WithContent & { preview?: SharedContent }): ResolvedPage | null {
  now = new Date(task.now);
  content.adopt(task.content);
  // A previewed item's content serves this task alone: the worker's own copy stays the published one.
  const served = task.preview ? contentStore(readShared(task.preview), () => now) : content;
  return resolvePage(task.path, served, tables.forRegistry(task.registry));
}

export function unknownPathRoute(task: { path: string; registry: RemoteEntry[] }): string {
  return notFoundRoute(task.path, tables.forRegistry(task.registry));
}

export function sitemap(task: { registry: RemoteEntry[]; now: string } & WithContent): string[] {
  now = new Date(task.now);
  content.adopt(task.content);
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
  content.adopt(task.content);
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
