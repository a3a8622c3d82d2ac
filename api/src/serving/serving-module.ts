/**
 * Which builds a request is served: the live versions, a canary's side by its cookie, or a preview
 * link's candidate for that browser only (`registryFor`); the remotes and preview routes; and the
 * origins the site may load code from (supplied to the platform's CSP and CORS).
 */
import crypto from 'node:crypto';
import type { Context } from 'koa';
import { defineAppModule } from '../app-context';
import { platformModule } from '../platform/platform-module';
import { secretsModule } from '../secrets/secrets-module';
import { renderModule } from '../site/render-module';
import { remoteOrigins } from './allowed-origins';
import { artifactsModule } from '../artifacts/artifacts-module';
import { previewRouter } from '../preview/preview.router';
import { registryModule } from '../releases/registry-module';
import { remotesRouter } from './remotes.router';
import { requestRegistry } from './request-registry';
import { CANARY_COOKIE, canaryVisitor } from '../releases/canary/canary-sides';

export const servingModule = defineAppModule({
  name: 'serving',
  dependsOn: [platformModule, registryModule, artifactsModule, renderModule, secretsModule],
  build: ({ config, need }) => {
    const { follower } = need(registryModule);
    const { sharedSecret } = need(secretsModule);
    const { artifacts } = need(artifactsModule);
    const { pool } = need(renderModule);
    need(platformModule).origins.fill(remoteOrigins(config));
    let secret: Promise<string> | undefined;
    const previewSecret = () =>
      (secret ??= config.previewSecret
        ? Promise.resolve(config.previewSecret)
        : sharedSecret('preview', () => crypto.randomBytes(32).toString('base64url')));
    let knownSecret: string | undefined;
    const registryFor = requestRegistry({ config, follower, artifacts, previewSecret: () => knownSecret });
    return {
      // The visitor's stable id (the canary sides' cookie), for modules that split visitors too (experiments).
      provides: { previewSecret, registryFor, visitor: canaryVisitor, heldVisitor: (ctx: Context) => ctx.cookies.get(CANARY_COOKIE) },
      routers: { api: [remotesRouter(registryFor, (registry) => pool.navigation(registry), config), previewRouter(previewSecret)] },
      async start() {
        knownSecret = await previewSecret();
      },
    };
  },
});
