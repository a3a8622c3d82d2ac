// Style and asset imports handled by Rspack (CSS rule and asset modules in rspack-base.ts).
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.woff2' {
  const url: string;
  export default url;
}
// The remote's route module, aliased per package in its server build (rspack-server.ts).
declare module '@cardlift/remote-routes' {
  const routes: import('react').ComponentType;
  export default routes;
  /** A section with a chunk per page loads the page at a path with this before rendering it. */
  export const loadPage: ((pathname: string) => Promise<void>) | undefined;
}
// The remote's page table (its src/meta.ts), aliased per package in its server build.
declare module '@cardlift/remote-meta' {
  export const remoteMeta: import('@cardlift/contracts').RemoteMeta;
}
