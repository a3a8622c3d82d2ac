import { rspack } from '@rspack/core';
import { remoteByPackage } from '@cardlift/contracts';
import { frontendConfig } from '@cardlift/shell/build/rspack-base';
import { withServerBuild } from '@cardlift/shell/build/rspack-server';
import { federation } from './module-federation.config';

// Optional build label (src/build-info.ts): `IV_BUILD_LABEL=x npm run release -w mf-invest`.
const buildLabel = new rspack.DefinePlugin({ __IV_BUILD_LABEL__: JSON.stringify(process.env.IV_BUILD_LABEL ?? '') });

const browser = frontendConfig({ dir: __dirname, kind: 'remote', port: remoteByPackage('mf-invest').devPort, federation });
browser.plugins = [...(browser.plugins ?? []), buildLabel];

export default withServerBuild(browser, { dir: __dirname, kind: 'remote', plugins: [buildLabel] });
