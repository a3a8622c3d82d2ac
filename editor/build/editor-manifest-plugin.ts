/**
 * Writes the editor's manifest (EDITOR_MANIFEST_FILE): the `main` entry's scripts and stylesheets,
 * which the api's one HTML page loads. The names carry content hashes, so the api serves them as immutable.
 */
import type { Compiler } from '@rspack/core';
import { EDITOR_MANIFEST_FILE, type EditorManifest } from '@cardlift/contracts';

export class EditorManifestPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('EditorManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'EditorManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const files = new Set<string>();
          for (const chunk of compilation.namedChunkGroups.get('main')?.chunks ?? []) for (const file of chunk.files) files.add(file);
          const list = [...files].filter((file) => !file.endsWith('.map'));
          const manifest: EditorManifest = {
            scripts: list.filter((file) => file.endsWith('.js')),
            styles: list.filter((file) => file.endsWith('.css')),
          };
          compilation.emitAsset(EDITOR_MANIFEST_FILE, new RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        },
      );
    });
  }
}
