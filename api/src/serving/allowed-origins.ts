/**
 * Origins the site may load code from and answer cross-origin: its own, plus every remote registry
 * entry on another origin. The registry is read from disk per call, so the result is kept for a
 * second: a release still takes effect on the next page load, and hot paths do no file I/O.
 */
import type { AppConfig } from '../app-config';
import { buildRegistry } from './remote-registry';

const TTL_MS = 1000;

export function remoteOrigins(config: AppConfig): () => string[] {
  let cached: { at: number; origins: string[] } | undefined;
  return () => {
    const now = Date.now();
    if (!cached || now - cached.at > TTL_MS) cached = { at: now, origins: originsOf(buildRegistry(config).map((r) => r.entry)) };
    return cached.origins;
  };
}

/** Distinct origins of absolute http(s) URLs; relative entries are the site's own origin. */
export function originsOf(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // A malformed entry is the registry's problem to report; it simply grants nothing here.
    }
  }
  return [...origins].sort();
}
