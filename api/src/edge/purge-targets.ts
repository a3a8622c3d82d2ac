/**
 * The caches a purge goes to, each in its own documented shape:
 * - Varnish (the shipped VCL, vmod xkey): `PURGE /` with `xkey-purge: <tags>` (or `xkey-softpurge`),
 *   accepted only from the addresses its ACL allows; 200 when done.
 * - Fastly: `POST {api}/service/{service id}/purge`, `Fastly-Key: <token>`, the keys in a
 *   `Surrogate-Key` header (256 at most per call), `Fastly-Soft-Purge: 1` to mark stale only.
 * - Cloudflare: `POST {api}/zones/{zone id}/purge_cache`, `Authorization: Bearer <token>`, JSON
 *   `{ "tags": [...] }` (30 per call); it has no soft purge, so both kinds are purged.
 * Anything but a success is an error: the relay tries that cache again.
 */
import type { PurgeTargetSpec } from './edge-config';

export interface PurgeTarget {
  name: string;
  purge(hard: readonly string[], soft: readonly string[]): Promise<void>;
}

const TIMEOUT_MS = 5000;

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function send(url: string, init: RequestInit, what: string): Promise<Response> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }).catch((error: unknown) => {
    throw new Error(
      `${what}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`,
    );
  });
  if (!response.ok) throw new Error(`${what}: answered ${response.status} ${(await response.text()).slice(0, 200)}`);
  return response;
}

function varnishTarget(spec: Extract<PurgeTargetSpec, { kind: 'varnish' }>): PurgeTarget {
  const purge = async (header: string, tags: readonly string[]) => {
    if (tags.length > 0) await send(spec.url, { method: 'PURGE', headers: { [header]: tags.join(' ') } }, spec.name);
  };
  return {
    name: spec.name,
    async purge(hard, soft) {
      await purge('xkey-purge', hard);
      await purge('xkey-softpurge', soft);
    },
  };
}

function fastlyTarget(spec: Extract<PurgeTargetSpec, { kind: 'fastly' }>): PurgeTarget {
  const url = `${spec.apiUrl.replace(/\/$/, '')}/service/${encodeURIComponent(spec.serviceId)}/purge`;
  const purge = async (tags: readonly string[], soft: boolean) => {
    for (const keys of batches(tags, 256)) {
      const headers: Record<string, string> = { 'Fastly-Key': spec.token, 'Surrogate-Key': keys.join(' '), Accept: 'application/json' };
      if (soft) headers['Fastly-Soft-Purge'] = '1';
      await send(url, { method: 'POST', headers }, spec.name);
    }
  };
  return {
    name: spec.name,
    async purge(hard, soft) {
      await purge(hard, false);
      await purge(soft, true);
    },
  };
}

function cloudflareTarget(spec: Extract<PurgeTargetSpec, { kind: 'cloudflare' }>): PurgeTarget {
  const url = `${spec.apiUrl.replace(/\/$/, '')}/zones/${encodeURIComponent(spec.zoneId)}/purge_cache`;
  return {
    name: spec.name,
    async purge(hard, soft) {
      for (const tags of batches([...new Set([...hard, ...soft])], 30)) {
        const headers = { Authorization: `Bearer ${spec.token}`, 'Content-Type': 'application/json' };
        const response = await send(url, { method: 'POST', headers, body: JSON.stringify({ tags }) }, spec.name);
        const answer = (await response.json().catch(() => ({}))) as { success?: boolean; errors?: unknown };
        if (answer.success !== true)
          throw new Error(`${spec.name}: purge refused ${JSON.stringify(answer.errors ?? answer).slice(0, 200)}`);
      }
    },
  };
}

export function purgeTarget(spec: PurgeTargetSpec): PurgeTarget {
  switch (spec.kind) {
    case 'varnish':
      return varnishTarget(spec);
    case 'fastly':
      return fastlyTarget(spec);
    case 'cloudflare':
      return cloudflareTarget(spec);
  }
}
