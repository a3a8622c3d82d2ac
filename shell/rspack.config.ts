import { frontendConfig } from './build/rspack-base';
import { withServerBuild } from './build/rspack-server';
import { federation } from './module-federation.config';

export default withServerBuild(
  frontendConfig({
    dir: __dirname,
    kind: 'host',
    port: Number(process.env.SHELL_DEV_PORT ?? 3100),
    apiOrigin: process.env.API_ORIGIN ?? 'http://localhost:3000',
    federation,
  }),
  { dir: __dirname, kind: 'host' },
);
