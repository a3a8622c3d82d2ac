import { rspack } from '@rspack/core';
import { frontendConfig } from '@cardlift/shell/build/rspack-base';
import { federation } from './module-federation.config';

const config = frontendConfig({ dir: __dirname, kind: 'remote', port: 3104, federation });
// Optional build label (src/build-info.ts): `IV_BUILD_LABEL=x npm run release -w mf-invest`.
config.plugins = [...(config.plugins ?? []), new rspack.DefinePlugin({ __IV_BUILD_LABEL__: JSON.stringify(process.env.IV_BUILD_LABEL ?? '') })];

export default config;
