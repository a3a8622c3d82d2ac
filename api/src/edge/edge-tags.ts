/**
 * The tags a shared cache files an answer under, and the tags a change purges: one vocabulary, so
 * what an answer names and what a change invalidates can never drift apart. Tags are lower-case
 * ASCII without spaces or commas (Fastly's surrogate keys, Cloudflare's cache tags and Varnish's
 * xkey all take them as they are).
 *
 * - `site`: every shared answer (the site's configuration: its addresses, the brand).
 * - `shell`, `shell-<build>`: the shell build the page starts.
 * - `remote-<name>`: a remote named by the registry snapshot inlined in the answer (every page).
 * - `section-<name>`: the remote whose build rendered the page.
 * - `nav`: the menus (from the page tables of the builds served).
 * - `banners`, `list-<kind>`, `content-<kind>-<id>`: the content shown.
 * - `notfound`: a 404, which any publish or release may turn into a page.
 */
import { createHash } from 'node:crypto';
import { API_PATHS, type RemoteEntry } from '@cardlift/contracts';

export const SITE_TAG = 'site';
export const SHELL_TAG = 'shell';
export const NAVIGATION_TAG = 'nav';
export const NOT_FOUND_TAG = 'notfound';
export const BANNERS_TAG = 'banners';
/** The images of the content files (uploads are content-addressed and immutable). */
export const CONTENT_IMAGES_TAG = 'content-images';

/** One tag part: lower case, nothing but letters, digits, `.`, `_` and `-`. */
const part = (value: string) => value.toLowerCase().replace(/[^a-z0-9._-]/g, '_');

export const remoteTag = (remote: string) => `remote-${part(remote)}`;
export const sectionTag = (remote: string) => `section-${part(remote)}`;
export const listTag = (kind: string) => `list-${part(kind)}`;
export const contentTag = (kind: string, id: string) => (kind === 'banners' ? BANNERS_TAG : `content-${part(kind)}-${part(id)}`);

/** The shell build, named by its entry scripts (content-hashed file names). */
export function shellTags(scripts: readonly string[]): string[] {
  if (scripts.length === 0) return [SHELL_TAG];
  return [SHELL_TAG, `shell-${createHash('sha1').update(scripts.join(' ')).digest('hex').slice(0, 10)}`];
}

/** Every remote of the snapshot an answer inlines or was built from. */
export const registryTags = (registry: readonly Pick<RemoteEntry, 'name'>[]) => registry.map((entry) => remoteTag(entry.name));

/** The content an api path answers (`/api/blog` is the list, `/api/blog/<id>` one post, `/api/banners` the banners). */
export function contentPathTags(apiPath: string): string[] {
  const [kind, id] = apiPath.slice('/api/'.length).split('/');
  if (!kind) return [];
  if (apiPath === API_PATHS.banners) return [BANNERS_TAG];
  return [id === undefined ? listTag(kind) : contentTag(kind, decodeURIComponent(id))];
}

/** Tags of the query keys a page inlines (`[path]` or `[path, id]`). */
export const queryTags = (queryKeys: readonly (readonly string[])[]) => queryKeys.flatMap((key) => contentPathTags(key.join('/')));

/** A set of tags in a stable order, without repeats. */
export const uniqueTags = (tags: Iterable<string>) => [...new Set(tags)].sort();
