import { ROOT } from './lib.mjs';

/** Dev-server ports; they match each package's rspack.config.ts. */
export const REMOTE_DEV_PORTS = { 'mf-marketing': 3101, 'mf-resources': 3102, 'mf-company': 3103, 'mf-invest': 3104 };
export { ROOT };
