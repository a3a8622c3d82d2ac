/**
 * Writes `startup-assets.json`: the files of the shell's `main` entry (which the api's page HTML
 * loads: its stylesheet at once, its scripts through the boot script) and of its `bootstrap` chunk
 * group, which the federation runtime otherwise discovers one round trip at a time. The api has them
 * (and the shared singletons' chunks named in mf-manifest.json) fetched in one wave. It also names the
 * font files to preload (FIRST_VIEW_FONTS).
 */
import type { Compiler } from '@rspack/core';

export const STARTUP_ASSETS_FILE = 'startup-assets.json';
export const BOOTSTRAP_CHUNK = 'bootstrap';
export const MAIN_ENTRY = 'main';
/**
 * Font files the first view of every page needs, by name before the hash: the Latin, upright Inter
 * (shell/src/styles.css). Preloaded so the text is drawn in it at the first paint; nothing else is.
 */
export const FIRST_VIEW_FONTS = ['inter-latin-wght-normal'];

export class StartupAssetsPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('StartupAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'StartupAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const filesOf = (name: string) => {
            const files = new Set<string>();
            for (const chunk of compilation.namedChunkGroups.get(name)?.chunks ?? []) for (const file of chunk.files) files.add(file);
            const list = [...files].filter((f) => !f.endsWith('.map'));
            return { js: list.filter((f) => f.endsWith('.js')), css: list.filter((f) => f.endsWith('.css')) };
          };
          const fonts = Object.keys(compilation.assets).filter((file) =>
            FIRST_VIEW_FONTS.some((name) => file.startsWith(`assets/${name}.`) && file.endsWith('.woff2')),
          );
          const json = { ...filesOf(BOOTSTRAP_CHUNK), entry: filesOf(MAIN_ENTRY), fonts };
          compilation.emitAsset(STARTUP_ASSETS_FILE, new RawSource(`${JSON.stringify(json, null, 2)}\n`));
        },
      );
    });
  }
}
