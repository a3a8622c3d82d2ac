/**
 * The singletons the shell shares with every remote, in the browser (federation's shared scope) and
 * on the server (the shell's server build publishes its copies under SERVER_SHARED_GLOBAL, and each
 * remote's server build reads them from there), and where server bundles live. Plain data: the
 * server build and the api import it too.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  // Not TanStack Query or jotai: the sections reach them through the design system (useQuery,
  // queryOptions, usePageFrame), so the shell's build tree-shakes them and no section carries a copy.
] as const;

export type SharedSingleton = (typeof SHARED_SINGLETONS)[number];

/** Design-system specifier: the shell and every remote import it by this name so it is shared. */
export const DESIGN_SYSTEM = '@cardlift/shell/ui';

/** Routing API (a facade of React Router, see src/router): shared like the design system. */
export const ROUTER = '@cardlift/shell/router';

/** The shell's own modules shared with every remote, versioned with the shell package. */
export const SHELL_MODULES = [DESIGN_SYSTEM, ROUTER] as const;

/** Where server bundles live: agreed with the api, so stated in the contracts. */
export { SERVER_BUNDLE, SERVER_DIR } from '@cardlift/contracts';

/** Global under which the shell's server build publishes the shared modules, keyed by specifier. */
export const SERVER_SHARED_GLOBAL = '__cardliftServerShared';
