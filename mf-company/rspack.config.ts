import { remoteByPackage } from '@cardlift/contracts';
import { frontendConfig } from '@cardlift/shell/build/rspack-base';
import { withServerBuild } from '@cardlift/shell/build/rspack-server';
import { federation } from './module-federation.config';

export default withServerBuild(
  frontendConfig({ dir: __dirname, kind: 'remote', port: remoteByPackage('mf-company').devPort, federation }),
  { dir: __dirname, kind: 'remote' },
);
