/**
 * The sandbox lets honest builds render: every page in the sitemap and every static route of every section, rendered by the
 * api's sandboxed renderer processes from the real builds, is server-rendered (no section left to
 * the browser), its code tried nothing a renderer may not, and its HTML is exactly what the same
 * task module renders unsandboxed in worker threads (how the api rendered before).
 */
import { API_PATHS, type RemoteName } from '@cardlift/contracts';
import { loadConfig } from '../api/src/app-config';
import { createLogger } from '../api/src/platform/logger';
import { buildRegistry } from '../api/src/serving/remote-registry';
import { contentStore, readCheckedContent } from '../api/src/content/content-store';
import { RenderPool } from '../api/src/site/render-pool';
import { inlineQueryData } from '../api/src/site/query-data';
import type { RenderTask } from '../api/src/site/render-tasks';
import { workerThreadPool } from '../api/bench/render/worker-threads';

const config = loadConfig();
/** What the api logged: a section's server code trying what a renderer may not is a warning. */
const logged: string[] = [];
const pool = new RenderPool(config, createLogger('warn', { write: (line: string) => void logged.push(line) }));
const unsandboxed = workerThreadPool(config, createLogger('silent'), 1);

afterAll(async () => {
  await Promise.all([pool.close(), unsandboxed.close()]);
});

/** Every page the sitemap lists, as the site router asks for it (its section, data, frame and menus). */
async function pageTasks(): Promise<RenderTask[]> {
  const registry = buildRegistry(config);
  const now = new Date();
  const content = contentStore(readCheckedContent(config.contentDir), () => now);
  const navigation = await pool.navigation(registry);
  const tasks: RenderTask[] = [];
  // The sitemap's pages (posts, case studies, jobs) and every static route (some are not indexed).
  const statics = (await pool.routes(registry)).filter((route) => !/[:*]/.test(route));
  const urls = [...new Set([...(await pool.sitemap(registry, now)), ...statics])];
  for (const url of urls) {
    const page = await pool.resolve(url, registry, now);
    if (!page) throw new Error(`the sitemap lists ${url}, which the page tables do not know`);
    const queryData = inlineQueryData([[API_PATHS.banners], ...(page.meta.queries ?? [])], content);
    tasks.push({
      url,
      registry,
      queryData,
      navigation,
      ...(page.remote ? { remote: page.remote } : {}),
      ...(page.meta.frame ? { frame: page.meta.frame } : {}),
    });
  }
  return tasks;
}

it('renders every page of every section in the sandbox exactly as unsandboxed, trying nothing forbidden', async () => {
  const tasks = await pageTasks();
  const sections = new Set<RemoteName>(tasks.flatMap((task) => (task.remote ? [task.remote] : [])));
  expect([...sections].sort()).toEqual(['mf_company', 'mf_invest', 'mf_marketing', 'mf_resources']);
  const differing: string[] = [];
  for (const task of tasks) {
    const sandboxed = await pool.render({ ...task, uncached: true });
    // '' is a section left to the browser: a read the allow-list misses fails the render.
    if (sandboxed === '') differing.push(`${task.url}: not server-rendered`);
    else if (sandboxed !== (await unsandboxed.render({ ...task, uncached: true })))
      differing.push(`${task.url}: HTML differs from the unsandboxed render`);
  }
  expect(differing).toEqual([]);
  expect(logged.filter((line) => line.includes('tried what a renderer may not') || line.includes('failed'))).toEqual([]);
}, 120_000);
