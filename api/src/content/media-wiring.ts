/**
 * The editors' media, built from the app's parts: image uploads and their serving, the sweep of
 * uploads nothing refers to (upload-sweep.ts), and the preview of an item's latest revision
 * (content-preview.ts). app.ts mounts and starts what this returns.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { AppConfig } from '../app-config';
import type { Logger } from '../platform/logger';
import type { ArtifactStore } from '../artifacts/artifact-store';
import { contentAccess } from './content-access';
import type { ContentAccess } from './content-auth';
import { contentImagesRouter } from './content-images.router';
import { ContentPreviews, type ContentPreviewDeps } from './content-preview';
import { contentPreviewRouter } from './content-preview.router';
import { UploadSweep } from './upload-sweep';

export interface MediaDeps extends ContentPreviewDeps {
  config: AppConfig;
  logger: Logger;
  artifacts: ArtifactStore;
  /** The signed-in person, as the rest of the content API reads it (editor/editor-wiring.ts). */
  person: ContentAccess['person'];
}

export interface Media {
  /** Mounted with the api's routers (before the static files: uploads live under /content-images/uploads/). */
  routers: Router[];
  /** Mounted before every route that answers content: sets the request's previewed content (content-preview.ts). */
  contentPreview: Middleware;
  /** Deletes uploads no revision names once past their grace period: started with the database's content. */
  uploadSweep: UploadSweep;
}

export function mediaWiring({ config, logger, artifacts, person, ...previewDeps }: MediaDeps): Media {
  const access = contentAccess({ tokens: config.contentTokens, person });
  const previews = new ContentPreviews(previewDeps);
  return {
    routers: [contentImagesRouter(artifacts, access), contentPreviewRouter(previews, access, previewDeps.sessionTag)],
    contentPreview: previews.middleware(),
    uploadSweep: new UploadSweep({ artifacts, store: previewDeps.editorial, logger, graceHours: config.contentUploadGraceHours }),
  };
}
