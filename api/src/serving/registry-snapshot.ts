/**
 * One snapshot per page view: a page names the builds of the registry it was rendered from, and what
 * it asks for afterwards (its menus) is answered from those builds, not from whatever a release made
 * live in between. Otherwise a page whose HTML was sent before a release that renames a menu link
 * hydrated the old HTML with the new links (React error #418, and the new link on the old page).
 */
import { isReleaseVersion, type RemoteEntry } from '@cardlift/contracts';
import { registryOfOne, servedBuild, type BuildRoots } from './remote-registry';

/**
 * `live` with each remote this api serves swapped for the version `named` gives it, when that build's
 * files are still here. A remote on another origin (a team's dev server) keeps its live entry, and so
 * does a named build gone from the store (the page's own recovery handles that section).
 */
export function snapshotRegistry(config: BuildRoots, live: RemoteEntry[], named: ReadonlyMap<string, string>): RemoteEntry[] {
  return live.map((entry) => {
    const version = named.get(entry.name);
    if (version === undefined || version === entry.version || !isReleaseVersion(version)) return entry;
    if (!servedBuild(config, entry)) return entry;
    const [snapshot] = registryOfOne(entry.name, version);
    return snapshot && servedBuild(config, snapshot) ? snapshot : entry;
  });
}
