/**
 * The CLI's way to a running site: a team's CI sends its build to the release API with its own token
 * (RELEASE_TOKEN), and promotes, rolls back or lists through the same API.
 */
import type { RemoteName } from '@cardlift/contracts';
import type { ListedRelease } from './release-service';
import { healthTable, parseHours } from '../rum/health-table';
import type { ReleaseHealth } from '@cardlift/contracts';
import { packDir } from './tarball';
import type { Canary } from './registry-store';

type Listing = { current: string | null; canary?: Canary | null; releases: ListedRelease[] };

export function printReleases(remote: RemoteName, where: string, listing: Listing): void {
  console.log(`Releases of ${remote} in ${where}:`);
  const canary = listing.canary;
  if (canary) console.log(`  canary: ${canary.version} for ${canary.share} % of visitors since ${canary.since}`);
  if (listing.releases.length === 0) console.log('  none yet');
  for (const r of listing.releases) {
    const notes = [
      r.createdAt,
      r.state === 'candidate' && 'candidate',
      r.gitSha && `git ${r.gitSha}`,
      r.rolledBackAt && `rolled back ${r.rolledBackAt}`,
    ];
    console.log(`${r.current ? '* ' : '  '}${r.version}  ${notes.filter(Boolean).join('  ')}${r.current ? '  (current)' : ''}`);
  }
  if (!listing.current) console.log('  (no current release: the site serves the checkout build of this remote)');
}

interface SendOptions {
  command: string;
  remote: RemoteName;
  siteUrl: string;
  values: {
    to?: string | undefined;
    version?: string | undefined;
    candidate?: boolean | undefined;
    health?: boolean | undefined;
    hours?: string | undefined;
    share?: string | undefined;
  };
  obtain(): Promise<{ dir: string; cleanup(): void }>;
  gitSha: string | undefined;
}

async function call(url: string, init: RequestInit): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const response = await fetch(url, init);
  const body = (await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }))) as Record<string, unknown>;
  if (!response.ok) console.error(`Refused (${response.status}): ${String(body.error ?? 'no reason given')}`);
  return { ok: response.ok, body };
}

export async function sendToSite(options: SendOptions): Promise<number> {
  const token = process.env.RELEASE_TOKEN;
  if (!token) {
    console.error("RELEASE_TOKEN must hold this remote's release token to talk to a running site");
    return 2;
  }
  const base = `${options.siteUrl.replace(/\/+$/, '')}/api/releases/${options.remote}`;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(options.gitSha ? { 'X-Git-Sha': options.gitSha } : {}) };
  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  switch (options.command) {
    case 'release': {
      const build = await options.obtain();
      try {
        const tarball = await packDir(build.dir);
        const query = options.values.candidate ? '?candidate=1' : '';
        const { ok, body } = await call(`${base}${query}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/gzip' },
          body: new Uint8Array(tarball),
        });
        if (ok)
          console.log(
            `${options.values.candidate ? 'Stored candidate' : 'Released'} ${options.remote} ${String(body.version)} on ${options.siteUrl}.`,
          );
        return ok ? 0 : 1;
      } finally {
        build.cleanup();
      }
    }
    case 'promote': {
      const share = options.values.share === undefined ? {} : { share: Number(options.values.share) };
      const { ok, body } = await call(`${base}/promote`, json({ version: options.values.version, ...share }));
      if (ok && 'canary' in body)
        console.log(
          `${options.remote} ${options.values.version} is the canary for ${options.values.share} % of visitors on ${options.siteUrl}.`,
        );
      else if (ok) console.log(`Promoted ${options.remote} ${String(body.to)} on ${options.siteUrl}.`);
      return ok ? 0 : 1;
    }
    case 'rollback': {
      const { ok, body } = await call(`${base}/rollback`, json(options.values.to ? { to: options.values.to } : {}));
      if (ok) console.log(`Rolled ${options.remote} back from ${String(body.from)} to ${String(body.to)} on ${options.siteUrl}.`);
      return ok ? 0 : 1;
    }
    case 'releases': {
      if (options.values.health) {
        const { ok, body } = await call(`${base}/health?hours=${parseHours(options.values.hours)}`, { headers });
        if (ok) console.log(healthTable(body as unknown as ReleaseHealth));
        return ok ? 0 : 1;
      }
      const response = await call(base, { headers });
      if (response.ok) printReleases(options.remote, options.siteUrl, response.body as unknown as Listing);
      return response.ok ? 0 : 1;
    }
    default:
      console.error(`unknown command "${options.command}"`);
      return 2;
  }
}
