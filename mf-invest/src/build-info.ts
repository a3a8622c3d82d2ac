/**
 * A label baked in at build time (IV_BUILD_LABEL, see rspack.config.ts) and shown as the page's
 * `data-build` attribute: tells apart two releases of this remote, e.g. in the release e2e test.
 */
declare const __IV_BUILD_LABEL__: string | undefined;

export const BUILD_LABEL = typeof __IV_BUILD_LABEL__ === 'string' ? __IV_BUILD_LABEL__ : '';
