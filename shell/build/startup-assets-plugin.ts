/**
 * Writes `startup-assets.json`: the files of the shell's `bootstrap` chunk group, which the
 * federation runtime otherwise discovers one round trip at a time. The api preloads them (and the
 * shared singletons' chunks named in mf-manifest.json) from the HTML, so they download in one wave.
 */
import type { Compiler } from '@rspack/core';

export const STARTUP_ASSETS_FILE = 'startup-assets.json';
export const BOOTSTRAP_CHUNK = 'bootstrap';

export class StartupAssetsPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StartupAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartupAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const group = compilation.namedChunkGroups.get(BOOTSTRAP_CHUNK);
          const files = new Set<string>();
          for (const chunk of group?.chunks ?? []) for (const file of chunk.files) files.add(file);
          const list = [...files].filter((f) => !f.endsWith('.map'));
          const json = {
            js: list.filter((f) => f.endsWith('.js')),
            css: list.filter((f) => f.endsWith('.css')),
          };
          compilation.emitAsset(STARTUP_ASSETS_FILE, new RawSource(`${JSON.stringify(json, null, 2)}\n`));
        },
      );
    });
  }
}
