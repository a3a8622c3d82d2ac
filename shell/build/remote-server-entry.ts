/**
 * Entry of every remote's server build. The api calls loadRoutes with the URL it serves this build
 * under (a release's URL names its version, unknown at build time), so asset URLs rendered on the
 * server are the ones the browser build uses.
 */
import type { ComponentType } from 'react';

declare let __webpack_public_path__: string;

export async function loadRoutes(publicPath: string): Promise<ComponentType> {
  __webpack_public_path__ = publicPath;
  // Evaluated after the public path is set: asset modules read it when they load.
  const routes = await import('@cardlift/remote-routes');
  return routes.default;
}
