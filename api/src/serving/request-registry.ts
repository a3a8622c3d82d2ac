/**
 * The registry each request is served from (pages, GET /api/remotes, GET /api/navigation all ask
 * here, so they agree): the versions this instance follows, with the visitor's side of each running
 * canary (canary/canary-sides.ts), and a valid preview cookie's candidate over both for that browser.
 */
import type { Context } from 'koa';
import type { AppConfig } from '../app-config';
import type { RequestRegistry } from '../site/site-router';
import type { ArtifactStore } from '../artifacts/artifact-store';
import { requestVersions, sideLabelKey } from '../releases/canary/canary-sides';
import { PREVIEW_COOKIE, verifyPreview } from '../preview/preview';
import type { RegistryFollower } from './registry-follower';
import { buildRegistry } from './remote-registry';

export interface RequestRegistryDeps {
  config: AppConfig;
  follower: RegistryFollower;
  /** Where the previewed candidate's files must be for its cookie to count: the app's one store. */
  artifacts: ArtifactStore;
  /** The preview links' secret once known (read at start); the canary's side labels are signed with a key derived from it. */
  previewSecret(): string | undefined;
}

export function requestRegistry({ config, follower, artifacts, previewSecret }: RequestRegistryDeps): (ctx: Context) => RequestRegistry {
  let labelKey: { secret: string; key: Buffer } | undefined;
  return (ctx) => {
    const secret = previewSecret();
    if (secret && labelKey?.secret !== secret) labelKey = { secret, key: sideLabelKey(secret) };
    const grant = secret ? verifyPreview(ctx.cookies.get(PREVIEW_COOKIE), secret) : undefined;
    const preview = grant && artifacts.locate(grant.remote, grant.version) ? new Map([[grant.remote, grant.version]]) : undefined;
    const versions = requestVersions(ctx, follower.current(), follower.canaries(), labelKey?.key);
    const candidate = grant && preview ? { remote: grant.remote, version: grant.version } : undefined;
    return { registry: buildRegistry(config, versions, preview), preview: Boolean(preview), ...(candidate ? { candidate } : {}) };
  };
}
