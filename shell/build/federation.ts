/**
 * Build-time federation settings shared by the shell (host) and every remote.
 * One list of singletons, so a remote can never disagree with the shell about what is shared.
 */
import { createRequire } from 'node:module';
import { DESIGN_SYSTEM, SHARED_SINGLETONS, SHELL_MODULES } from './server-shared';

export { DESIGN_SYSTEM };

const require = createRequire(import.meta.url);
const shellPackage = require('../package.json') as { version: string };

/** The one module a remote exposes: its route subtree. */
export const REMOTE_EXPOSE = './routes';

interface SharedSpec {
  singleton: boolean;
  eager?: boolean;
  requiredVersion?: string | false;
  version?: string;
  strictVersion?: boolean;
}

/**
 * Every shared module. The shell passes `eager`: its copies then ship in its entry chunk, so the page
 * starts without the chain of small shared-module requests the runtime would otherwise make one
 * round trip at a time; remotes stay lazy and take the shell's copies (loaded-first). Singletons carry state (React, router context, the QueryClient context,
 * the jotai store, toasts), so a second copy would silently split the page.
 */
export function sharedModules({ eager = false }: { eager?: boolean } = {}): Record<string, SharedSpec> {
  const shared: Record<string, SharedSpec> = {};
  for (const name of SHARED_SINGLETONS) shared[name] = { singleton: true, eager };
  for (const name of SHELL_MODULES) {
    shared[name] = {
      singleton: true,
      eager,
      version: shellPackage.version,
      requiredVersion: `^${shellPackage.version.split('.')[0]}.0.0`,
    };
  }
  // zod is deliberately not shared: a shared module cannot be tree-shaken, and the whole of zod
  // (every locale included) weighed 88 KB compressed, several times what each build uses of it.
  return shared;
}
