/**
 * The shared caches' settings, read once with the rest of the configuration (platform/config.ts):
 * how long they keep what, and which caches every change purges (EDGE_PURGE).
 */
import type { EdgeTimes } from './edge-answers';
import { WARMED_AFTER_MS } from './purge-relay';

export type PurgeTargetSpec =
  /** A Varnish running the shipped VCL: xkey purges over HTTP, from an address its ACL allows. */
  | { kind: 'varnish'; name: string; url: string }
  | { kind: 'fastly'; name: string; serviceId: string; token: string; apiUrl: string }
  | { kind: 'cloudflare'; name: string; zoneId: string; token: string; apiUrl: string };

export interface EdgeConfig {
  times: EdgeTimes;
  /** Every cache a change purges, in EDGE_PURGE's order. */
  targets: PurgeTargetSpec[];
  /** A purge not delivered this long after its change is overdue: its tags are answered with `times.overdueTtl`. */
  overdueAfterMs: number;
  /** When a purge of a section's pages makes its last pass, after its change: once every instance can have warmed the new build. */
  settleAfterMs: number;
}

const DAY = 24 * 60 * 60;

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, unit = 'seconds'): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of ${unit}, at least ${min}, got "${raw}"`);
  return value;
}

function secret(env: NodeJS.ProcessEnv, name: string, target: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`EDGE_PURGE names ${target}, which needs ${name} (the API token that may purge it)`);
  return value;
}

function target(env: NodeJS.ProcessEnv, entry: string): PurgeTargetSpec {
  const [kind, ...rest] = entry.split(':');
  const value = rest.join(':');
  if ((kind === 'http' || kind === 'https') && value.startsWith('//')) return varnish(entry, entry);
  if (kind === 'varnish' && /^https?:\/\//.test(value)) return varnish(entry, value);
  if (kind === 'fastly' && /^[\w-]+$/.test(value)) {
    const apiUrl = env.FASTLY_API_URL || 'https://api.fastly.com';
    return { kind, name: entry, serviceId: value, token: secret(env, 'FASTLY_API_TOKEN', entry), apiUrl };
  }
  if (kind === 'cloudflare' && /^[\w-]+$/.test(value)) {
    const apiUrl = env.CLOUDFLARE_API_URL || 'https://api.cloudflare.com/client/v4';
    return { kind, name: entry, zoneId: value, token: secret(env, 'CLOUDFLARE_API_TOKEN', entry), apiUrl };
  }
  throw new Error(
    `EDGE_PURGE: "${entry}" is not a cache; use varnish:http://host:port (or the bare URL), fastly:<service id> or cloudflare:<zone id>`,
  );
}

function varnish(name: string, url: string): PurgeTargetSpec {
  try {
    return { kind: 'varnish', name, url: new URL(url).toString() };
  } catch {
    throw new Error(`EDGE_PURGE: "${name}" is not a URL`);
  }
}

export function edgeConfig(env: NodeJS.ProcessEnv): EdgeConfig {
  const targets = (env.EDGE_PURGE ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => target(env, entry));
  return {
    times: {
      // Without a cache to purge, a cache in front could only learn of a change by expiry: keep it short.
      pageTtl: whole(env, 'PAGE_EDGE_TTL', targets.length > 0 ? 3600 : 60, 1),
      staleWhileRevalidate: whole(env, 'PAGE_STALE_WHILE_REVALIDATE', 60),
      staleIfError: whole(env, 'PAGE_STALE_IF_ERROR', DAY),
      overdueTtl: whole(env, 'EDGE_OVERDUE_TTL', 5, 1),
    },
    targets,
    overdueAfterMs: whole(env, 'EDGE_PURGE_OVERDUE_MS', 2000, 1, 'milliseconds'),
    // A single instance may set 0: its first pass already waits until it serves the new build.
    settleAfterMs: whole(env, 'EDGE_PURGE_SETTLE_MS', WARMED_AFTER_MS, 0, 'milliseconds'),
  };
}
