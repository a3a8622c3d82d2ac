/**
 * Build side of the bundler runtime the shell lends its sections (lent-bundler-runtime.ts): the shell
 * gets the runtime plugin that lends it, a section gets its stand-in in place of the package.
 */
import path from 'node:path';
import { runtimePackage } from './federation-esm-runtime';
import { FEDERATION_MAJOR } from './lent-bundler-runtime';

/** The runtime plugin the shell adds to its federation options. */
export const LEND_PLUGIN = path.join(__dirname, 'lend-bundler-runtime-plugin.ts');

/**
 * The alias that gives a section the stand-in: the federation plugin imports the bundler runtime by
 * this path (its CommonJS entry). The major it is built with must be the one the lending is keyed by.
 */
export function borrowedBundlerRuntimeAlias(): Record<string, string> {
  const {
    entry,
    manifest: { version },
  } = runtimePackage('@module-federation/webpack-bundler-runtime');
  if (Number(version.split('.')[0]) !== FEDERATION_MAJOR) {
    throw new Error(`The federation bundler runtime is ${version}: set FEDERATION_MAJOR in lent-bundler-runtime.ts to its major.`);
  }
  return { [`${entry}$`]: path.join(__dirname, 'borrowed-bundler-runtime.ts') };
}
