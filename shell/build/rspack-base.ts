/**
 * The Rspack settings every front end shares (shell and remotes). Federation settings stay in each
 * package's module-federation.config.ts; this file only holds build mechanics.
 */
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { borrowedBundlerRuntimeAlias, LEND_PLUGIN } from './bundler-runtime-lending';
import { FederationEsmRuntimePlugin } from './federation-esm-runtime';
import { FederationRuntimeTrimPlugin } from './federation-runtime-trim';
import { PageChunksPlugin } from './page-chunks-plugin';
import { PrecompressPlugin } from './precompress-plugin';
import { BOOTSTRAP_CHUNK, StartupAssetsPlugin } from './startup-assets-plugin';

type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

export interface FrontendOptions {
  /** Directory of the package (where rspack.config.ts lives). */
  dir: string;
  /** Dev-server port. */
  port: number;
  federation: FederationOptions;
  /** The host serves HTML from the site root; remotes resolve their assets against their manifest URL. */
  kind: 'host' | 'remote';
  /** Where the dev server forwards /api (host only). */
  apiOrigin?: string;
}

export function reactRouterProductionAliases(): Record<string, string> {
  const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
}

/**
 * react-style-singleton writes its rules into a `<style>` element, which the site's CSP refuses; the
 * stand-in puts them in a constructed stylesheet instead (shell/src/csp/style-singleton.ts).
 */
function cspSafeStyleAliases(): Record<string, string> {
  return { 'react-style-singleton$': path.resolve(__dirname, '..', 'src', 'csp', 'style-singleton.ts') };
}

/** Rspack's default vendor group (packages split into chunks of their own), except for the bootstrap chunk. */
function bootstrapKeepsItsVendors() {
  return {
    test: /[\\/]node_modules[\\/]/,
    priority: -10,
    reuseExistingChunk: true,
    idHint: 'vendors',
    chunks: (chunk: { name?: string | null; canBeInitial(): boolean }) => !chunk.canBeInitial() && chunk.name !== BOOTSTRAP_CHUNK,
  };
}

/**
 * The browsers the site's code is compiled for: those of the last three years (async functions,
 * classes, spread and optional chaining as written). Without a target, SWC compiled down to ES5,
 * and its generator and class helpers were a third of the shell's own code.
 */
export const BROWSER_TARGETS = 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4, ios_saf >= 16.4';

/** TypeScript and JSX through SWC, for the browsers above or, on the server, for Node. */
export function scriptRule(devReact: boolean, targets: string = BROWSER_TARGETS) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: devReact, refresh: devReact } },
      },
      env: { targets },
    },
    type: 'javascript/auto',
  } as const;
}

/**
 * Where a package's build goes: its dist, or CARDLIFT_BUILD_DIR (a release builds into a temporary
 * directory; every compiler of the package, browser and server, must follow, so not --output-path).
 */
export function buildDir(dir: string): string {
  return process.env.CARDLIFT_BUILD_DIR || path.join(dir, 'dist');
}

/** Source files every build (browser, boot, server) resolves without an extension. */
export const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.json'];

/** Hashed asset names, the same in the browser and server builds so both render the same URLs. */
export const ASSET_FILENAME = 'assets/[name].[contenthash:10][ext]';

export function frontendConfig(options: FrontendOptions): Configuration {
  const { dir, port, federation, kind } = options;
  const dev = process.env.NODE_ENV === 'development' || process.argv.includes('serve');
  const hashed = dev ? '[name]' : '[name].[contenthash:10]';
  // A remote developed alone runs inside the built (production) shell, whose React has no dev
  // internals: compile its JSX for production React there, and skip React Refresh (live reload stays).
  const devReact = dev && process.env.CARDLIFT_AGAINST_BUILT_SHELL !== '1';
  const config: Configuration = {
    mode: dev ? 'development' : 'production',
    // Rspack's own runtime code is written for the same browsers as the site's.
    target: `browserslist:${BROWSER_TARGETS}`,
    context: dir,
    entry: { main: './src/index.ts' },
    // No eval-based source maps: the site's Content-Security-Policy (no 'unsafe-eval') applies in development too.
    // Production maps carry the full sources: written beside the build for error tracking, with no
    // sourceMappingURL pointing browsers at them, and never served (api/src/site/servable-path.ts).
    devtool: dev ? 'cheap-module-source-map' : 'hidden-source-map',
    output: {
      path: buildDir(dir),
      publicPath: kind === 'host' ? '/' : 'auto',
      filename: `assets/${hashed}.js`,
      chunkFilename: `assets/${hashed}.js`,
      cssFilename: `assets/${hashed}.css`,
      cssChunkFilename: `assets/${hashed}.css`,
      assetModuleFilename: ASSET_FILENAME,
      uniqueName: String(federation.name),
      clean: true,
    },
    resolve: {
      extensions: RESOLVE_EXTENSIONS,
      // React Router's package exports only its development build (unminified, with dev-only checks);
      // the production build sits beside it. Every build resolves the same way, so sharing still matches.
      // A section's federation bundler runtime is the shell's (bundler-runtime-lending.ts); this alias
      // wins over FederationEsmRuntimePlugin's for the same path.
      alias: {
        ...cspSafeStyleAliases(),
        ...(dev ? {} : reactRouterProductionAliases()),
        ...(kind === 'remote' ? borrowedBundlerRuntimeAlias() : {}),
      },
    },
    module: {
      rules: [
        scriptRule(devReact),
        // Radix Select's viewport writes a <style> element the site's CSP refuses (see the loader).
        { test: /[\\/]@radix-ui[\\/]react-select[\\/]dist[\\/]index\.mjs$/, loader: path.join(__dirname, 'radix-select-csp-loader.cjs') },
        // React Router's unused components (NavLink, Form, ...) are kept unless marked pure (see the loader).
        {
          test: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/,
          loader: path.join(__dirname, 'react-router-pure-loader.cjs'),
        },
        { test: /\.css$/, use: ['postcss-loader'], type: 'css/auto' },
        { test: /\.(png|jpe?g|webp|avif|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        dts: false,
        shareStrategy: 'loaded-first',
        // The shell ships the federation runtime once and hands it to every remote, instead of each
        // remoteEntry.js carrying its own copy (about 35 KB compressed per remote).
        experiments: {
          ...(kind === 'host' ? { provideExternalRuntime: true } : { externalRuntime: true }),
          // Browser builds only (server rendering uses plain Node builds): drop the runtime's Node paths.
          // A section loads no other section (only the shell has remotes): its entry leaves out the
          // bundler runtime's remote loading.
          optimization: { target: 'web', disableSnapshot: true, ...(kind === 'remote' ? { disableRemote: true } : {}) },
        },
        ...federation,
        // The shell lends its bundler runtime to the sections (lent-bundler-runtime.ts).
        ...(kind === 'host' ? { runtimePlugins: [...(federation.runtimePlugins ?? []), LEND_PLUGIN] } : {}),
      }),
      new FederationEsmRuntimePlugin(),
      // The shell carries the federation runtime core; a section takes it from the shell.
      ...(kind === 'host' ? [new FederationRuntimeTrimPlugin()] : []),
      ...(dev ? (devReact ? [new ReactRefreshRspackPlugin()] : []) : [new PrecompressPlugin()]),
      ...(kind === 'remote' ? [new PageChunksPlugin()] : []),
      ...(kind === 'host'
        ? [
            // In production the HTML comes from the boot build (rspack-boot.ts) and loads only its script;
            // the development server's HTML, which no server renders, loads `main` itself.
            ...(dev
              ? [new rspack.HtmlRspackPlugin({ template: './index.html', inject: 'head', scriptLoading: 'defer', minify: false })]
              : []),
            new StartupAssetsPlugin(),
            // Unhashed public files (favicon, logo, social image) at the root of the shell's dist, where the api serves them.
            new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', to: '.', noErrorOnMissing: true }] }),
          ]
        : []),
    ],
    optimization: {
      minimize: !dev,
      // The shell's bootstrap chunk loads with main.js on every page: its packages stay in it rather
      // than in a vendors chunk of their own, which cost every visit a request (about 0.5 KB of headers
      // and framing for 1.2 KB of code). Other lazy chunks keep the default vendor split.
      ...(kind === 'host' ? { splitChunks: { cacheGroups: { defaultVendors: bootstrapKeepsItsVendors() } } } : {}),
    },
    performance: { hints: false },
    stats: 'errors-warnings',
    devServer: {
      port,
      hot: true,
      historyApiFallback: kind === 'host',
      headers: kind === 'remote' ? { 'Access-Control-Allow-Origin': '*' } : {},
      proxy:
        kind === 'host' && options.apiOrigin
          ? [{ context: ['/api', '/remotes', '/sitemap.xml', '/robots.txt'], target: options.apiOrigin }]
          : [],
    },
  };
  return config;
}
