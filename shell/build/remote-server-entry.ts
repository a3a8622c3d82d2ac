/**
 * Entry of every remote's server build: what the api needs from a release to serve its pages.
 * - `pageTable`: the remote's pages (paths, metadata, dynamic resolvers, the queries they inline,
 *   sitemap entries), so head tags, status and sitemap come from the build the registry serves.
 * - `loadRoutes`: the route component for server rendering. The api passes the URL it serves this
 *   build under (a release's URL names its version, unknown at build time), so asset URLs rendered
 *   on the server are the ones the browser build uses.
 */
import type { ComponentType } from 'react';

export { remoteMeta as pageTable } from '@cardlift/remote-meta';

declare let __webpack_public_path__: string;

export async function loadRoutes(publicPath: string): Promise<ComponentType> {
  __webpack_public_path__ = publicPath;
  // Evaluated after the public path is set: asset modules read it when they load.
  const routes = await import('@cardlift/remote-routes');
  return routes.default;
}
