// Files of the federation bundler runtime the package publishes without types (own-bundler-runtime.ts).
declare module '@module-federation/webpack-bundler-runtime/dist/consumes.js' {
  export function consumes(options: Record<string, unknown>): void;
}
declare module '@module-federation/webpack-bundler-runtime/dist/installInitialConsumes.js' {
  export function installInitialConsumes(options: Record<string, unknown>): Promise<void[]> | undefined;
}
// The runtime core's handler for builds without remotes, which the snapshot stand-in extends
// (federation-runtime-trim.ts aliases the package's dist folder).
declare module '@cardlift/federation-runtime-core-dist/plugins/snapshot/disabled.js' {
  export class DisabledSnapshotHandler {
    hooks: unknown;
  }
}
