/**
 * Writes `page-chunks.json` for a section whose pages are chunks of their own (`import()` with
 * `webpackChunkName: "page-<chunk>"`): each page chunk's name (`PageMeta.chunk`) with the script files
 * its chunk group loads. The api preloads the served page's files with the HTML, in the same wave as
 * the section's container, instead of the runtime discovering them one round trip later.
 */
import type { Compiler } from '@rspack/core';
import { PAGE_CHUNK_PREFIX, PAGE_CHUNKS_FILE } from '@cardlift/contracts';

export class PageChunksPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PageChunksPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const table: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!name.startsWith(PAGE_CHUNK_PREFIX)) continue;
            const files = group.chunks.flatMap((chunk) => [...chunk.files]).filter((file) => file.endsWith('.js'));
            table[name.slice(PAGE_CHUNK_PREFIX.length)] = [...new Set(files)].sort();
          }
          if (Object.keys(table).length === 0) return;
          compilation.emitAsset(PAGE_CHUNKS_FILE, new RawSource(`${JSON.stringify(table, null, 2)}\n`));
        },
      );
    });
  }
}
