/**
 * The editors' media routes, built from the app's parts: image uploads and their serving, and the
 * preview of an item's latest revision (content-preview.ts). app.ts mounts what this returns.
 */
import type Router from '@koa/router';
import type { AppConfig } from '../platform/config';
import type { ArtifactStore } from '../registry/artifact-store';
import { contentAccess } from './content-access';
import { contentImagesRouter } from './content-images.router';

export interface MediaDeps {
  config: AppConfig;
  artifacts: ArtifactStore;
}

export interface Media {
  /** Mounted with the api's routers (before the static files: uploads live under /content-images/uploads/). */
  routers: Router[];
}

export function mediaWiring({ config, artifacts }: MediaDeps): Media {
  const access = contentAccess(config.contentTokens);
  return { routers: [contentImagesRouter(artifacts, access)] };
}
