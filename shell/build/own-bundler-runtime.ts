/**
 * The steps of the federation bundler runtime a section takes from the shell, from the section's own
 * copy: loaded (a chunk of its own) only in a shell that lends none (borrowed-bundler-runtime.ts).
 * The files one by one, not the package's entry, which would keep the whole federation runtime API
 * in every remoteEntry.js.
 */
import { consumes } from '@module-federation/webpack-bundler-runtime/dist/consumes.js';
import { initializeSharing } from '@module-federation/webpack-bundler-runtime/dist/initializeSharing.js';
import { installInitialConsumes } from '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js';
import type { LentBundlerRuntime } from './lent-bundler-runtime';

export const ownBundlerRuntime = { consumes, I: initializeSharing, installInitialConsumes } as unknown as LentBundlerRuntime;
