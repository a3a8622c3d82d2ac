import { remoteByPackage } from '@cardlift/contracts';
import { frontendConfig } from '@cardlift/shell/build/rspack-base';
import { withServerBuild } from '@cardlift/shell/build/rspack-server';
import { federation } from './module-federation.config';

// The browser build (dev port from the table of remotes) and the server build the api renders with.
export default withServerBuild(
  frontendConfig({ dir: __dirname, kind: 'remote', port: remoteByPackage('{{packageDir}}').devPort, federation }),
  { dir: __dirname, kind: 'remote' },
);
