import { frontendConfig } from '@cardlift/shell/build/rspack-base';
import { federation } from './module-federation.config';

export default frontendConfig({ dir: __dirname, kind: 'remote', port: 3102, federation });
