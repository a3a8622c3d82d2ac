/**
 * A section built with a chunk per page (`webpackChunkName: "page-<PageMeta.chunk>"`) writes each
 * page chunk's script files in this file beside its `mf-manifest.json`: the api preloads the served
 * page's files, and the section's code names a linked page's files for the browser to prefetch. A
 * module apart from the table of remotes, which the section's browser code then does not carry.
 */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';
export const PAGE_CHUNK_PREFIX = 'page-';
