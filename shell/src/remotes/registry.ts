/**
 * Runtime composition: read the remote registry and register every remote with the federation
 * runtime. The shell build contains no remote URL; the api inlines the registry into the HTML
 * (saving a round trip) and also serves it at GET /api/remotes.
 */
import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { API_PATHS, INLINE_REGISTRY_ELEMENT_ID, remoteEntryScriptUrl, type RemoteEntry, type RemoteName } from '@cardlift/contracts';
import { loadErrorPlugin } from './load-error-plugin';

let ready: Promise<RemoteEntry[]> | undefined;
let pluginsRegistered = false;

/**
 * The registry comes from our own api, which validates it with remoteRegistrySchema before sending;
 * the browser only checks its outline, which keeps zod out of the site's first download.
 */
function asRegistry(value: unknown): RemoteEntry[] {
  const valid =
    Array.isArray(value) &&
    value.every((e: Partial<RemoteEntry>) => typeof e?.name === 'string' && typeof e.entry === 'string' && typeof e.version === 'string');
  if (!valid) throw new Error('The remote registry is malformed');
  return value as RemoteEntry[];
}

async function readRegistry(): Promise<RemoteEntry[]> {
  const inline = document.getElementById(INLINE_REGISTRY_ELEMENT_ID);
  if (inline?.textContent) {
    // Use the inlined copy once; a retry after a failure asks the api again.
    const entries = asRegistry(JSON.parse(inline.textContent));
    inline.remove();
    return entries;
  }
  const response = await fetch(API_PATHS.remotes, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Remote registry answered ${response.status}`);
  return asRegistry(await response.json());
}

/**
 * The runtime is built without its manifest code (`disableSnapshot`, see rspack-base.ts): it loads each
 * remote's container script, which sits beside the manifest the registry names.
 */
function toRuntimeRemote(entry: RemoteEntry) {
  return { name: entry.name, entry: new URL(remoteEntryScriptUrl(entry.entry), window.location.href).href };
}

/**
 * The api names a section's inlined sheet with a disabled stylesheet link by path (it builds no URL
 * from the request's host). Rspack's CSS chunk loading, in the section's code, compares a link's href
 * attribute with the sheet's full URL: given the path, it would fetch and apply the sheet again. So
 * the path becomes the URL the browser resolved, before any section's code runs.
 */
function resolveInlinedSheetMarkers(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled]')) link.setAttribute('href', link.href);
}

/** Loads the registry once and registers the remotes; a failed load is retried on the next call. */
export function initFederation(): Promise<RemoteEntry[]> {
  ready ??= (async () => {
    resolveInlinedSheetMarkers();
    const entries = await readRegistry();
    if (!pluginsRegistered) {
      registerPlugins([
        RetryPlugin({
          fetch: { retryTimes: 2, retryDelay: 400 },
          script: { retryTimes: 2, retryDelay: 400 },
        }),
        loadErrorPlugin(),
      ]);
      pluginsRegistered = true;
    }
    registerRemotes(entries.map(toRuntimeRemote));
    return entries;
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/** Forgets everything the runtime cached about one remote so the next load starts from its container script. */
export async function resetRemote(name: RemoteName): Promise<void> {
  const entries = await initFederation();
  const entry = entries.find((e) => e.name === name);
  if (entry) registerRemotes([toRuntimeRemote(entry)], { force: true });
}
