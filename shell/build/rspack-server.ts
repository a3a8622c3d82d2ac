/**
 * The Node build of a front end, for server rendering. The shell's server build carries React and the
 * design system and publishes them (see server-shared.ts); a remote's server build holds only its own
 * code and reads the shared modules from there, as its browser build does through federation.
 * Styles are the browser's business: CSS imports compile to nothing. Asset URLs match the browser's.
 */
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { bootConfig } from './rspack-boot';
import { ASSET_FILENAME, buildDir, reactRouterProductionAliases, RESOLVE_EXTENSIONS, scriptRule } from './rspack-base';
import { SERVER_BUNDLE, SERVER_DIR, SERVER_SHARED_GLOBAL, SHARED_SINGLETONS, SHELL_MODULES } from './server-shared';

export interface ServerBuildOptions {
  dir: string;
  kind: 'host' | 'remote';
  /** Plugins the browser build also uses (compile-time constants the page renders). */
  plugins?: NonNullable<Configuration['plugins']>;
}

function remoteExternals(): Record<string, string[]> {
  const externals: Record<string, string[]> = {};
  for (const name of [...SHARED_SINGLETONS, ...SHELL_MODULES]) externals[name] = [SERVER_SHARED_GLOBAL, name];
  return externals;
}

export function serverConfig({ dir, kind, plugins = [] }: ServerBuildOptions): Configuration {
  return {
    name: 'server',
    // Runs after the browser build, whose `clean` empties dist.
    dependencies: ['browser'],
    mode: 'production',
    target: 'node20',
    context: dir,
    entry: { index: kind === 'host' ? './src/server/index.ts' : path.join(__dirname, 'remote-server-entry.ts') },
    devtool: false,
    output: {
      path: path.join(buildDir(dir), SERVER_DIR),
      filename: SERVER_BUNDLE,
      library: { type: 'commonjs2' },
      // A remote learns its public URL when the api loads it (it depends on the release served).
      publicPath: kind === 'host' ? '/' : '',
      assetModuleFilename: ASSET_FILENAME,
      clean: true,
    },
    externalsType: 'global',
    externals: kind === 'remote' ? remoteExternals() : {},
    resolve: {
      extensions: RESOLVE_EXTENSIONS,
      alias: {
        ...reactRouterProductionAliases(),
        ...(kind === 'remote'
          ? {
              '@cardlift/remote-routes$': path.join(dir, 'src', 'remote-entry.ts'),
              '@cardlift/remote-meta$': path.join(dir, 'src', 'meta.ts'),
            }
          : {}),
      },
    },
    module: {
      rules: [
        scriptRule(false, 'node 20'),
        { test: /\.css$/, loader: path.join(__dirname, 'no-css-loader.cjs'), type: 'javascript/auto' },
        { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/, type: 'asset/resource', generator: { emit: false } },
      ],
    },
    plugins: [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }), ...plugins],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * The package's builds: the browser build, plus for production the server build and, for the shell,
 * the boot build (development servers render in the browser only).
 */
export function withServerBuild(browser: Configuration, options: ServerBuildOptions): Configuration | Configuration[] {
  if (browser.mode === 'development') return browser;
  const boot = options.kind === 'host' ? [bootConfig(options.dir)] : [];
  return [{ ...browser, name: 'browser' }, ...boot, serverConfig(options)];
}
