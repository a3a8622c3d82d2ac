/**
 * The one table of remote sections. Builds (federation name, dev port), the dev scripts, the api
 * (sections, release tokens), the Jest projects and the tests all read it; a new section is a row here
 * plus its package.
 */
export const REMOTES = [
  {
    name: 'mf_marketing',
    packageDir: 'mf-marketing',
    label: 'Marketing',
    devPort: 3101,
    cssPrefix: 'mk',
    paths: ['/'],
    prefixes: ['/products', '/solutions'],
  },
  {
    name: 'mf_resources',
    packageDir: 'mf-resources',
    label: 'Resources',
    devPort: 3102,
    cssPrefix: 'rs',
    paths: [],
    prefixes: ['/case-studies', '/casestudies', '/casestudy', '/blog'],
  },
  {
    name: 'mf_company',
    packageDir: 'mf-company',
    label: 'Company',
    devPort: 3103,
    cssPrefix: 'co',
    paths: ['/privacy', '/terms'],
    prefixes: ['/company'],
  },
  { name: 'mf_invest', packageDir: 'mf-invest', label: 'Invest', devPort: 3104, cssPrefix: 'iv', paths: ['/invest'], prefixes: [] },
] as const;

export type RemoteSpec = (typeof REMOTES)[number];
/** A remote's federation container name (a JS identifier: its package folder with `_` for `-`). */
export type RemoteName = RemoteSpec['name'];
/** A remote's package folder at the repository root. */
export type RemotePackage = RemoteSpec['packageDir'];

export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((r) => r.name);
export const REMOTE_PACKAGES: readonly RemotePackage[] = REMOTES.map((r) => r.packageDir);

/** The row of the remote whose package folder is `packageDir`. */
export function remoteByPackage(packageDir: string): RemoteSpec {
  const remote = REMOTES.find((r) => r.packageDir === packageDir);
  if (!remote) throw new Error(`No remote lives in ${packageDir}: add it to REMOTES (contracts/src/remotes.ts)`);
  return remote;
}

/** File name of every remote's container script, written beside its `mf-manifest.json`. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

/**
 * The container script of a registry entry. The registry names manifests (the api reads them to
 * check releases and preload a page's files); the browser loads the script beside it directly,
 * which spares it the manifest request and the runtime's manifest code.
 */
export function remoteEntryScriptUrl(entry: string): string {
  return /\.json(?:[?#].*)?$/.test(entry) ? entry.replace(/[^/]*\.json(?:[?#].*)?$/, REMOTE_ENTRY_FILE) : entry;
}
