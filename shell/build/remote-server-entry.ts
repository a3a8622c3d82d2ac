/**
 * Entry of every remote's server build: what the api needs from a release to serve its pages.
 * - `pageTable`: the remote's pages (paths, metadata, dynamic resolvers, the queries they inline,
 *   sitemap entries), so head tags, status and sitemap come from the build the registry serves.
 * - `loadRoutes`: the route component for server rendering, its pages' code loaded. The api passes the URL it serves this
 *   build under (a release's URL names its version, unknown at build time), so asset URLs rendered
 *   on the server are the ones the browser build uses.
 */
import type { ComponentType } from 'react';

import { remoteMeta } from '@cardlift/remote-meta';

export { remoteMeta as pageTable };

declare let __webpack_public_path__: string;

export async function loadRoutes(publicPath: string): Promise<ComponentType> {
  __webpack_public_path__ = publicPath;
  // Evaluated after the public path is set: asset modules read it when they load.
  const routes = await import('@cardlift/remote-routes');
  // A section whose pages are chunks of their own (`loadPage`) has them all loaded here, once, so the
  // server renders every page at once, never suspended.
  const { loadPage } = routes;
  if (loadPage) await Promise.all(remoteMeta.pages.map((page) => loadPage(page.path)));
  return routes.default;
}
