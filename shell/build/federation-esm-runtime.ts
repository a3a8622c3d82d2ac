/**
 * The federation runtime as ES modules. Rspack's federation plugin points its runtime at the packages'
 * CommonJS builds (aliases to `require.resolve` results, and a generated entry importing
 * `.../dist/index.cjs`), which the bundler cannot tree-shake: every part of the runtime shipped,
 * including the manifest snapshot code the `disableSnapshot` setting is meant to drop. This plugin
 * sends those requests to each package's ES module build instead, so unused runtime code is removed.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const require = createRequire(import.meta.url);

/** The runtime packages whose CommonJS entries the federation plugin names. */
const RUNTIME_PACKAGES = [
  '@module-federation/runtime',
  '@module-federation/runtime-core',
  '@module-federation/runtime-tools',
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/inject-external-runtime-core-plugin',
  '@module-federation/sdk',
  '@module-federation/error-codes',
];

/**
 * A federation runtime package as the federation plugin names it: its CommonJS entry, its folder, its
 * package.json (read from the folder: the package may not export its package.json) and its ES module
 * entry, where it has one.
 */
export function runtimePackage(name: string): { entry: string; dir: string; manifest: { version: string; module?: string }; esm?: string } {
  const entry = require.resolve(name);
  const dir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string; module?: string };
  return { entry, dir, manifest, esm: manifest.module ? path.join(dir, manifest.module) : undefined };
}

/** Exact aliases (`$`): the CommonJS entry file to the package's ES module entry. */
function esmAliases(): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const name of RUNTIME_PACKAGES) {
    const { entry, esm } = runtimePackage(name);
    if (esm) aliases[`${entry}$`] = esm;
  }
  return aliases;
}

export class FederationEsmRuntimePlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    // After every plugin has been applied: the federation plugin adds its aliases while applying.
    compiler.hooks.initialize.tap('FederationEsmRuntimePlugin', () => {
      const resolve = compiler.options.resolve;
      const alias = { ...(resolve.alias as Record<string, string | false | string[]> | undefined) };
      // Package-name aliases to CommonJS files: without them the packages resolve through their exports (ESM).
      for (const name of ['@module-federation/runtime', '@module-federation/runtime-tools']) {
        if (typeof alias[name] === 'string' && String(alias[name]).endsWith('.cjs')) delete alias[name];
      }
      resolve.alias = { ...esmAliases(), ...alias };
    });
  }
}
