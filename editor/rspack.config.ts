/**
 * The editor's browser build: one entry, content-hashed files under dist/assets and a manifest the api
 * reads. Compiled like the site's front ends (the same browser targets and SWC settings), but a plain
 * application: no federation, no server build (the api serves one static HTML page).
 */
import path from 'node:path';
import type { Configuration } from '@rspack/core';
import { ASSET_FILENAME, BROWSER_TARGETS, RESOLVE_EXTENSIONS, scriptRule } from '@cardlift/shell/build/rspack-base';
import { PrecompressPlugin } from '@cardlift/shell/build/precompress-plugin';
import { EDITOR_PATH } from '@cardlift/contracts';
import { EditorManifestPlugin } from './build/editor-manifest-plugin';

const config: Configuration = {
  mode: 'production',
  target: `browserslist:${BROWSER_TARGETS}`,
  context: __dirname,
  entry: { main: './src/index.tsx' },
  // No eval-based source maps: the editor's CSP has no 'unsafe-eval'. Maps are written, never linked.
  devtool: 'hidden-source-map',
  output: {
    path: path.join(__dirname, 'dist'),
    publicPath: `${EDITOR_PATH}/`,
    filename: 'assets/[name].[contenthash:10].js',
    chunkFilename: 'assets/[name].[contenthash:10].js',
    cssFilename: 'assets/[name].[contenthash:10].css',
    cssChunkFilename: 'assets/[name].[contenthash:10].css',
    assetModuleFilename: ASSET_FILENAME,
    clean: true,
  },
  resolve: { extensions: RESOLVE_EXTENSIONS },
  module: {
    rules: [
      scriptRule(false),
      { test: /\.css$/, use: ['postcss-loader'], type: 'css/auto' },
      { test: /\.(png|jpe?g|webp|svg|woff2?)$/, type: 'asset/resource' },
    ],
  },
  plugins: [new EditorManifestPlugin(), new PrecompressPlugin()],
  optimization: { minimize: true },
  performance: { hints: false },
  stats: 'errors-warnings',
};

export default config;
