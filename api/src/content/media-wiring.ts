/**
 * The editors' media routes, built from the app's parts: image uploads and their serving, and the
 * preview of an item's latest revision (content-preview.ts). app.ts mounts what this returns.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppConfig } from '../platform/config';
import type { ArtifactStore } from '../registry/artifact-store';
import { contentAccess } from './content-access';
import type { ContentAccess } from './content-auth';
import { contentImagesRouter } from './content-images.router';
import { ContentPreviews, type ContentPreviewDeps } from './content-preview';
import { contentPreviewRouter } from './content-preview.router';

export interface MediaDeps extends ContentPreviewDeps {
  config: AppConfig;
  artifacts: ArtifactStore;
  /** The signed-in person, as the rest of the content API reads it (editor/editor-wiring.ts). */
  person: ContentAccess['person'];
}

export interface Media {
  /** Mounted with the api's routers (before the static files: uploads live under /content-images/uploads/). */
  routers: Router[];
  /** Mounted before every route that answers content: sets the request's previewed content (content-preview.ts). */
  contentPreview: Middleware;
}

export function mediaWiring({ config, artifacts, person, ...previewDeps }: MediaDeps): Media {
  const access = contentAccess({ tokens: config.contentTokens, person });
  const previews = new ContentPreviews(previewDeps);
  return {
    routers: [contentImagesRouter(artifacts, access), contentPreviewRouter(previews, access)],
    contentPreview: previews.middleware(),
  };
}
