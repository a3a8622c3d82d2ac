/**
 * Stands in for the federation runtime core's asset preloader in the browser (see
 * federation-runtime-trim.ts): only `preloadRemote` reaches it, which this site does not call; the
 * HTML preloads the current page's files and links prefetch the next ones.
 */
function notCarried(): never {
  throw new Error("preloadRemote is not part of this site's federation runtime: pages preload their files with <link> tags.");
}

export const defaultPreloadArgs = notCarried;
export const formatPreloadArgs = notCarried;
export const normalizePreloadExposes = notCarried;
export const preloadAssets = notCarried;
