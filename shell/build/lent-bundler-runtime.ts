/**
 * The federation bundler runtime (the code that ties the bundler's module loading to the federation
 * runtime: shared-module consumption, share-scope set-up) is in the shell's main.js already. The shell
 * lends it to the sections on a global, so a section's remoteEntry.js need not carry a second copy.
 * Keyed by the federation major version: a section only borrows from a shell that agrees with it on
 * the major, as the runtime core it already takes from the shell does.
 */

/** The federation major version both sides are built with (the build checks the installed runtime). */
export const FEDERATION_MAJOR = 2;

/** Where the shell puts its bundler runtime for the sections. */
export const LENT_BUNDLER_RUNTIME = `__cardliftFederationBundlerRuntime${FEDERATION_MAJOR}`;

type Step = (options: Record<string, unknown>) => unknown;

/** The parts of the bundler runtime a section takes from the shell. */
export interface LentBundlerRuntime {
  consumes: Step;
  I: Step;
  installInitialConsumes: Step;
  getSharedFallbackGetter?: Step;
}
