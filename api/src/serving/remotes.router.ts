import Router from '@koa/router';
import type { Context } from 'koa';
import { NAVIGATION_BUILDS_PARAMETER, namedBuilds, type SiteNavigation, type RemoteEntry } from '@cardlift/contracts';
import type { RequestRegistry } from '../site/site-router';
import { keepPrivate, shareAnswer } from '../edge/edge-answers';
import { NotFound } from '../platform/errors';
import { registryAnswerTags } from '../edge/page-tags';
import type { BuildRoots } from './remote-registry';
import { snapshotRegistry } from './registry-snapshot';

/**
 * GET /api/remotes: the registry the shell composes the site from. GET /api/navigation: the menus'
 * links of those builds, which every page fetches before it hydrates; a page names the builds it was
 * rendered from (`?builds=`, see `navigationPath`) and gets their links. Shared caches keep them
 * (keyed on the whole address, `builds` included) until a move of a remote they name purges them; a
 * preview's are that browser's alone. A `builds` naming anything but builds this api has (a made-up
 * or malformed value, a build gone from the store) is one short 404, which the shipped VCL keeps
 * under no key: random values cannot fill a cache with copies of the menus.
 */
const YEAR_S = 365 * 24 * 60 * 60;

/** Every entry of `builds` well formed, named once, and served here at that version. */
function namesOnlyKnownBuilds(parameter: string | string[], named: ReadonlyMap<string, string>, snapshot: readonly RemoteEntry[]): boolean {
  if (typeof parameter !== 'string' || parameter.split(',').length !== named.size) return false;
  return [...named].every(([name, version]) => snapshot.some((entry) => entry.name === name && entry.version === version));
}

export function remotesRouter(
  registryFor: (ctx: Context) => RequestRegistry,
  navigationOf: (registry: RemoteEntry[]) => Promise<SiteNavigation>,
  roots: BuildRoots,
): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/remotes', (ctx) => {
    const { registry, preview } = registryFor(ctx);
    if (preview) keepPrivate(ctx);
    else shareAnswer(ctx, { tags: registryAnswerTags(registry) });
    ctx.body = registry;
  });
  router.get('/navigation', async (ctx) => {
    const { registry, preview } = registryFor(ctx);
    const parameter = ctx.query[NAVIGATION_BUILDS_PARAMETER];
    const named = namedBuilds(parameter);
    const snapshot = snapshotRegistry(roots, registry, named);
    if (parameter !== undefined && !namesOnlyKnownBuilds(parameter, named, snapshot))
      throw new NotFound('unknown_builds', 'No such builds');
    // Every build named, and found: the answer of those builds never changes (they are content-addressed),
    // so no one asks again. Revalidating it instead (max-age=0 and a 304) left the page's preloaded request
    // hanging in Chromium, the page never reaching network idle.
    const immutable = named.size > 0 && snapshot.every((entry) => named.get(entry.name) === entry.version);
    if (preview) keepPrivate(ctx);
    else shareAnswer(ctx, { tags: registryAnswerTags(snapshot), ...(immutable ? { ttl: YEAR_S, browserTtl: YEAR_S } : {}) });
    ctx.body = await navigationOf(snapshot);
  });
  return router;
}
