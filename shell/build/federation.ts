/**
 * Build-time federation settings shared by the shell (host) and every remote.
 * One list of singletons, so a remote can never disagree with the shell about what is shared.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const shellPackage = require('../package.json') as { version: string };

/** Federation container name of a remote package: `mf-invest` -> `mf_invest` (names must be JS identifiers). */
export function federationName(packageDir: string): string {
  return packageDir.replace(/-/g, '_');
}

/** The remote packages of the site, in the order the shell's routes list them. */
export const REMOTE_PACKAGES = ['mf-marketing', 'mf-resources', 'mf-company', 'mf-invest'] as const;
export type RemotePackage = (typeof REMOTE_PACKAGES)[number];

/** The one module a remote exposes: its route subtree. */
export const REMOTE_EXPOSE = './routes';

/** Design-system specifier: the shell and every remote import it by this name so it is shared. */
export const DESIGN_SYSTEM = '@cardlift/shell/ui';

interface SharedSpec {
  singleton: boolean;
  requiredVersion?: string | false;
  version?: string;
  strictVersion?: boolean;
}

/**
 * Every shared module. Singletons carry state (React, router context, the QueryClient context,
 * the jotai store, toasts), so a second copy would silently split the page.
 */
export function sharedModules(): Record<string, SharedSpec> {
  const singletons = [
    'react',
    'react/jsx-runtime',
    'react/jsx-dev-runtime',
    'react-dom',
    'react-dom/client',
    'react-router',
    'react-router-dom',
    '@tanstack/react-query',
    '@tanstack/query-core',
    'jotai',
    'jotai/react',
    'jotai/vanilla',
  ];
  const shared: Record<string, SharedSpec> = {};
  for (const name of singletons) shared[name] = { singleton: true };
  shared[DESIGN_SYSTEM] = {
    singleton: true,
    version: shellPackage.version,
    requiredVersion: `^${shellPackage.version.split('.')[0]}.0.0`,
  };
  // Stateless, but large: share to download it once.
  shared['zod'] = { singleton: false };
  return shared;
}

export function packageRoot(configDir: string): string {
  return path.resolve(configDir);
}
