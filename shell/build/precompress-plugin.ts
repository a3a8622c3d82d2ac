/**
 * Writes `.br` (quality 11) and `.gz` beside every text asset, once, at build time. The api's static
 * serving sends them as they are, instead of compressing on every request at a fast, weaker setting.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compiler } from '@rspack/core';

const COMPRESSIBLE = /\.(js|css|json|svg|html|txt)$/;
const MIN_BYTES = 1024;

export class PrecompressPlugin {
  apply(compiler: Compiler): void {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        () => {
          for (const asset of compilation.getAssets()) {
            if (!COMPRESSIBLE.test(asset.name)) continue;
            const buffer = asset.source.buffer();
            if (buffer.length < MIN_BYTES) continue;
            const br = brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
            compilation.emitAsset(`${asset.name}.br`, new RawSource(br));
            compilation.emitAsset(`${asset.name}.gz`, new RawSource(gzipSync(buffer, { level: 9 })));
          }
        },
      );
    });
  }
}
