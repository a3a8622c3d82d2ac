/**
 * What the shell's main.js leaves out of the federation runtime: parts this site never calls, and a
 * second copy of its sdk.
 *
 * With `disableSnapshot` the runtime no longer reads remotes' manifests, but its core still builds a
 * `SnapshotHandler` (manifest fetching, snapshot bookkeeping) for every instance, and its remote
 * handler keeps `preloadRemote` with the asset preloader behind it. The shell registers remotes by
 * their `remoteEntry.js` and preloads a page's files with `<link>` tags from the HTML (page-chunks.ts),
 * so neither is reached: together about 2.5 KB compressed on every page.
 *
 * The requests of the runtime core's own modules for those two files are sent to stand-ins
 * (runtime-stand-ins/): a snapshot handler that keeps what the remote handler touches when a remote is
 * registered again (its hooks and its manifest cache) and refuses to load a snapshot, and a preloader
 * that refuses, each with an error that says why. The build fails if a request is not found, so a
 * federation upgrade that moves them is noticed rather than silently shipping both again.
 *
 * The retry plugin's newest release (0.17) depends on the sdk of that version, which the package
 * manager installs beside it; the plugin only takes `createLogger` from it, the same in the runtime's
 * own sdk, which it is given instead of a second copy of the logger.
 */
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';
import { runtimePackage } from './federation-esm-runtime';
import { REPLACED_REQUESTS } from './runtime-stand-ins/replaced-requests';

const STAND_INS = path.join(__dirname, 'runtime-stand-ins');

/** Where the stand-ins import the runtime core's own files from (its package exports only its entry). */
const RUNTIME_CORE_DIST_ALIAS = '@cardlift/federation-runtime-core-dist';

/** A runtime package's ES module entry: the stand-ins replace files of those builds. */
function esmEntry(name: string): string {
  const { esm } = runtimePackage(name);
  if (!esm) throw new Error(`${name} publishes no ES module build; FederationRuntimeTrimPlugin needs one.`);
  return esm;
}

export class FederationRuntimeTrimPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    const dist = path.dirname(esmEntry('@module-federation/runtime-core'));
    const resolve = compiler.options.resolve;
    resolve.alias = {
      ...(resolve.alias as Record<string, string>),
      [RUNTIME_CORE_DIST_ALIAS]: dist,
      '@module-federation/sdk$': esmEntry('@module-federation/sdk'),
    };
    const seen = new Set<(typeof REPLACED_REQUESTS)[number]>();
    compiler.hooks.normalModuleFactory.tap('FederationRuntimeTrimPlugin', (factory) => {
      factory.hooks.beforeResolve.tap('FederationRuntimeTrimPlugin', (data) => {
        const replaced = REPLACED_REQUESTS.find(({ from, request }) => data.request === request && data.context === path.join(dist, from));
        if (!replaced) return;
        seen.add(replaced);
        data.request = path.join(STAND_INS, replaced.standIn);
      });
    });
    compiler.hooks.afterCompile.tap('FederationRuntimeTrimPlugin', (compilation) => {
      const missing = REPLACED_REQUESTS.filter((replaced) => !seen.has(replaced)).map(
        ({ from, request }) => `${request} (from dist/${from})`,
      );
      if (missing.length) {
        compilation.errors.push(
          new compiler.rspack.WebpackError(
            `FederationRuntimeTrimPlugin: the federation runtime core no longer imports ${missing.join(', ')}; ` +
              'check what it ships now and update shell/build/federation-runtime-trim.ts.',
          ),
        );
      }
    });
  }
}
