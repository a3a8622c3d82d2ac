/**
 * Federation runtime plugin of the shell: puts the shell's bundler runtime where sections look for it
 * (see lent-bundler-runtime.ts). Set when the shell's federation instance starts, before any section
 * loads.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { LENT_BUNDLER_RUNTIME, type LentBundlerRuntime } from './lent-bundler-runtime';

// The bundler's own require of the shell's build, which holds its federation runtime.
declare const __webpack_require__: { federation: { bundlerRuntime: LentBundlerRuntime } };

export default function lendBundlerRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'cardlift-lend-bundler-runtime',
    beforeInit(args) {
      const { consumes, I, installInitialConsumes, getSharedFallbackGetter } = __webpack_require__.federation.bundlerRuntime;
      const lent: LentBundlerRuntime = { consumes, I, installInitialConsumes, getSharedFallbackGetter };
      (globalThis as Record<string, unknown>)[LENT_BUNDLER_RUNTIME] ??= lent;
      return args;
    },
  };
}
