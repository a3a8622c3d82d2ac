/**
 * A section's federation bundler runtime, in place of the package's (rspack-base.ts aliases it for
 * sections): it uses the copy the shell lends (lent-bundler-runtime.ts), and only on a shell that lends
 * none (one built before this, or on another federation major) loads its own copy as a chunk of its own.
 * The steps run at start (creating the federation instance, setting up the container) stay here;
 * every step the shell lends is asynchronous in the section, or has nothing to do in it.
 */
import { init as initRuntime } from '@module-federation/runtime';
import { attachShareScopeMap } from '@module-federation/webpack-bundler-runtime/dist/attachShareScopeMap.js';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { LENT_BUNDLER_RUNTIME, type LentBundlerRuntime } from './lent-bundler-runtime';

type Options = Record<string, unknown>;

function lentRuntime(): LentBundlerRuntime | undefined {
  return (globalThis as Record<string, unknown>)[LENT_BUNDLER_RUNTIME] as LentBundlerRuntime | undefined;
}

let ownRuntime: Promise<LentBundlerRuntime> | undefined;
function loadOwnRuntime(): Promise<LentBundlerRuntime> {
  ownRuntime ??= import(/* webpackChunkName: "federation-bundler-runtime" */ './own-bundler-runtime').then((own) => own.ownBundlerRuntime);
  return ownRuntime;
}

const bundlerRuntime = {
  S: {},
  // As the package's own `init` does when no shared module is tree-shaken (sections share none so).
  init({
    webpackRequire,
  }: {
    webpackRequire: { federation: { initOptions?: Parameters<typeof initRuntime>[0]; sharedFallback?: unknown } };
  }) {
    const { initOptions, sharedFallback } = webpackRequire.federation;
    if (!initOptions) throw new Error('initOptions is required!');
    if (sharedFallback) throw new Error('A section sharing tree-shaken modules needs the federation bundler runtime of its own.');
    return initRuntime(initOptions);
  },
  initContainerEntry,
  consumes(options: Options) {
    const lent = lentRuntime();
    if (lent) return lent.consumes(options);
    const { chunkId, chunkMapping, promises } = options as { chunkId: string; chunkMapping: Options; promises: Promise<unknown>[] };
    // Chunks without shared modules (the own runtime's chunk among them) load as they are.
    if (!Object.prototype.hasOwnProperty.call(chunkMapping, chunkId)) return;
    promises.push(
      loadOwnRuntime().then((own) => {
        const pending: Promise<unknown>[] = [];
        own.consumes({ ...options, promises: pending });
        return Promise.all(pending);
      }),
    );
  },
  I(options: Options) {
    const lent = lentRuntime();
    return lent ? lent.I(options) : loadOwnRuntime().then((own) => own.I(options));
  },
  installInitialConsumes(options: Options) {
    const lent = lentRuntime();
    if (lent) return lent.installInitialConsumes(options);
    // Modules shared eagerly are installed synchronously at start: a section with any needs the shell's runtime.
    if ((options.initialConsumes as unknown[]).length > 0) {
      throw new Error('This section consumes shared modules eagerly, which needs the federation bundler runtime of the shell.');
    }
  },
  getSharedFallbackGetter(options: Options) {
    return lentRuntime()?.getSharedFallbackGetter?.(options);
  },
};

export default { instance: undefined, initOptions: undefined, bundlerRuntime, attachShareScopeMap, bundlerRuntimeOptions: {} };
