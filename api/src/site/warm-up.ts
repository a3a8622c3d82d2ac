/**
 * Ready means warm: a fresh instance renders the site's pages once before /api/ready answers
 * 200. A cold renderer costs its first page of each section its section's server code loading and
 * compiling (a fresh instance's first seven pages took four times as long as warm ones), and a page
 * the pool has not rendered yet costs its render; both are paid here, while the load balancer still
 * sends traffic elsewhere. Each page is requested through the listening server as a visitor would,
 * so every cache on the way (page tables, menus, the rendered body and its first-paint CSS) keeps it.
 * Bounded: past `WARM_UP_LIMIT_MS`, or on failures, the instance becomes ready anyway.
 */
import http from 'node:http';
import type { RemoteEntry } from '@cardlift/contracts';
import type { Logger } from '../platform/logger';
import type { RenderPool } from './render-pool';

/** Longest an instance stays unready for its warm-up: a slow render must not keep it out of service. */
const WARM_UP_LIMIT_MS = 60_000;

export type WarmState = 'idle' | 'warming' | 'warm';

export interface WarmUpPlan {
  /** The paths to render (the pages of the builds served). */
  paths(): Promise<string[]>;
  /** Requests one page as a visitor would; rejects on a failure, which is logged and skipped. */
  visit(path: string): Promise<void>;
  /** Pages requested at once: one per renderer, each loading every section's code. */
  concurrency: number;
  logger: Logger;
  limitMs?: number;
}

export class WarmUp {
  private state: WarmState = 'idle';

  /** False only while a warm-up runs: an instance that was never asked to warm (a test app) is ready. */
  isWarm(): boolean {
    return this.state !== 'warming';
  }

  status(): WarmState {
    return this.state;
  }

  /** Marks the instance warming, before it listens, so no ready answer comes first. */
  begin(): void {
    if (this.state === 'idle') this.state = 'warming';
  }

  /** Renders `plan`'s pages, `concurrency` at a time; the instance is warm once they are done or the limit has passed. */
  async run(plan: WarmUpPlan): Promise<void> {
    this.begin();
    const started = performance.now();
    let limit: NodeJS.Timeout | undefined;
    const work = this.visitAll(plan);
    const timedOut = new Promise<'late'>((done) => {
      limit = setTimeout(() => done('late'), plan.limitMs ?? WARM_UP_LIMIT_MS);
    });
    const outcome = await Promise.race([work, timedOut]).finally(() => clearTimeout(limit));
    this.state = 'warm';
    const ms = Math.round(performance.now() - started);
    if (outcome === 'late') plan.logger.warn({ ms }, 'warm-up past its limit: ready without it');
    else plan.logger.info({ ms, ...outcome }, 'warm-up done: ready');
  }

  private async visitAll(plan: WarmUpPlan): Promise<{ pages: number; failed: number }> {
    let paths: string[];
    try {
      paths = await plan.paths();
    } catch (error) {
      plan.logger.warn({ err: error }, 'warm-up could not list the pages: ready without it');
      return { pages: 0, failed: 0 };
    }
    let failed = 0;
    await inTurns(paths, plan.concurrency, (path) =>
      plan.visit(path).catch((error: unknown) => {
        failed += 1;
        plan.logger.warn({ err: error, path }, 'warm-up: a page failed');
      }),
    );
    return { pages: paths.length, failed };
  }
}

/** Runs `visit` on each path, `concurrency` at a time (one per renderer, so each loads the code). */
export async function inTurns(paths: readonly string[], concurrency: number, visit: (path: string) => Promise<void>): Promise<void> {
  const queue = [...paths];
  const next = async (): Promise<void> => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) await visit(path);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, next));
}

/** The static pages among a page table's routes (patterns name no one page). */
export function staticPaths(routes: readonly string[]): string[] {
  return [...new Set(routes.filter((route) => route.startsWith('/') && !/[:*]/.test(route)))];
}

/**
 * The coding the warm-up asks for: gzip, what Varnish asks the origin for, so its copy is made before
 * ready. Brotli (browsers straight to the origin) is made in the background on the first visit, which
 * meanwhile gets the quick setting (edge/kept-encodings.ts); warming both doubled the time to ready.
 */
const WARM_CODING = 'gzip';

/**
 * GETs `url` on a connection of its own, closed once answered: fetch's pool would keep the warm-up's
 * sockets idle for as long as the server's keep-alive allows, holding that many of its MAX_CONNECTIONS
 * from visitors (with a cap of two, nobody else got in for a minute).
 */
function requestOnce(url: URL, coding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { Connection: 'close', 'Accept-Encoding': coding };
    const request = http.get(url, { agent: false, headers }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
      answer.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * The plan of a server listening at `origin`: the live builds' static pages and the sitemap's (content
 * pages: posts, case studies, jobs), one per renderer at a time.
 */
export function warmUpPlan(
  origin: string,
  { pool, liveRegistry, clock, logger }: { pool: RenderPool; liveRegistry: () => RemoteEntry[]; clock: () => Date; logger: Logger },
): WarmUpPlan {
  return {
    paths: async () => {
      const registry = liveRegistry();
      const [routes, sitemap] = await Promise.all([pool.routes(registry), pool.sitemap(registry, clock())]);
      return staticPaths([...routes, ...sitemap]);
    },
    visit: async (path) => {
      const status = await requestOnce(new URL(path, origin), WARM_CODING);
      if (status >= 500) throw new Error(`${path} answered ${status}`);
    },
    concurrency: pool.rendererPids().length,
    logger,
  };
}
