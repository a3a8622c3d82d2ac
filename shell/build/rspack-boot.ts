/**
 * The shell's boot build: src/boot.ts, the one script of the page's HTML, and that HTML (index.html,
 * the template the api fills in). A compiler of its own because federation adds its runtime and the
 * eager shared modules to every entry of the build it is part of, and boot must stay a few hundred bytes.
 */
import { rspack, type Configuration } from '@rspack/core';
import { PrecompressPlugin } from './precompress-plugin';
import { BROWSER_TARGETS, buildDir, RESOLVE_EXTENSIONS, scriptRule } from './rspack-base';

export function bootConfig(dir: string): Configuration {
  return {
    name: 'boot',
    // Runs after the browser build, whose `clean` empties dist.
    dependencies: ['browser'],
    mode: 'production',
    target: `browserslist:${BROWSER_TARGETS}`,
    context: dir,
    entry: { boot: './src/boot.ts' },
    devtool: false,
    output: {
      path: buildDir(dir),
      publicPath: '/',
      filename: 'assets/[name].[contenthash:10].js',
      clean: false,
    },
    resolve: { extensions: RESOLVE_EXTENSIONS },
    module: { rules: [scriptRule(false)] },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './index.html', inject: 'head', scriptLoading: 'defer', minify: false }),
      new PrecompressPlugin(),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
