/**
 * Where the release CLI's commands go: a running site's release API (with the remote's token), or
 * this checkout's database through the same services the API calls. One interface, so every command
 * answers the same either way.
 */
import type { ReleaseHealth, RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { onOwnDatabase } from '../database/own-database';
import { createLogger } from '../platform/logger';
import { sharedSecretsOn } from '../secrets/shared-secrets';
import { RenderPool } from '../site/render-pool';
import { rumStoreHealth } from '../rum/health-table';
import { cancelScheduled, schedulePromotion } from '../releases/schedule/schedule-service';
import { lastScheduleOutcome, type ScheduleOutcome } from '../releases/schedule/schedule-outcome';
import { FULL_SHARE, rollbackOrEndCanary, startCanary } from '../releases/canary/canary-service';
// The release CLI is a script: its stores carry the rows the modules add to every commit (script-stores.ts).
import { openScriptRegistry } from '../script-stores';
import { PREVIEW_TTL_MS, signPreview } from '../preview/preview';
import { artifactsWiring } from '../artifacts/artifacts-wiring';
import { releaseContext, serverCheck } from '../releases/release-context';
import {
  listReleases,
  promoteRelease,
  releaseBuild,
  ReleaseRefused,
  type ListedRelease,
  type Provenance,
  type ReleaseOutcome,
} from '../releases/release-service';
import type { Canary, ScheduledAction } from '../releases/registry-store';
import type { MoveNotices, MoveOptions } from '../releases/move-notices';
import { packDir } from '../artifacts/tarball';
import { retriedWhileBusy, retryAfterSeconds, SiteBusy } from './cli-busy-retry';
import { randomBytes } from 'node:crypto';

export interface Listing {
  current: string | null;
  canary: Canary | null;
  scheduled: ScheduledAction | null;
  /** The last scheduled promotion refused at its time or cancelled, while nothing is scheduled. */
  lastSchedule: ScheduleOutcome | null;
  releases: ListedRelease[];
}

/** A promotion's or a canary's answer, with what it ended or put at risk. */
export type Moved = { from?: string | null; to?: string; current?: string; canary?: Canary; steppedFrom?: number | null } & MoveNotices;

export interface ReleaseClient {
  /** Where it acts, as a person reads it: the site's address, or the database. */
  where: string;
  release(buildDir: string, options: Provenance & { candidate: boolean }): Promise<ReleaseOutcome>;
  promote(version: string, share: number, options?: MoveOptions): Promise<Moved>;
  schedule(version: string, share: number, at: string): Promise<ScheduledAction>;
  cancelScheduled(): Promise<ScheduledAction>;
  rollback(to: string | undefined, options?: MoveOptions): Promise<{ from: string; to: string } & MoveNotices>;
  preview(version: string): Promise<{ url: string; expiresAt: string }>;
  list(): Promise<Listing>;
  health(hours: number): Promise<ReleaseHealth>;
  close(): Promise<void>;
}

export interface Who {
  actor: string;
  gitSha: string | undefined;
}

/** The release API of the site at `siteUrl`. */
export function siteClient(
  remote: RemoteName,
  siteUrl: string,
  token: string,
  who: Who,
  /** Where a retry is announced: stderr, so a CI's --json output stays one document. */
  notice: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): ReleaseClient {
  const site = siteUrl.replace(/\/+$/, '');
  const base = `${site}/api/releases/${remote}`;
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...(who.gitSha ? { 'X-Git-Sha': who.gitSha } : {}) };
  const call = async <T>(route: string, init: RequestInit = {}): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${base}${route}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
    } catch (error) {
      throw new ReleaseRefused(`${site} cannot be reached: ${String((error as { cause?: { code?: string } }).cause?.code ?? error)}`);
    }
    const body = (await response.json().catch(() => ({ error: `${response.status} ${response.statusText}` }))) as Record<string, unknown>;
    if (!response.ok) {
      // The API's message already lists a check's reasons.
      const message = `(${response.status}) ${String(body.error ?? 'no reason given')}`;
      const wait = response.status === 503 ? retryAfterSeconds(response.headers.get('Retry-After')) : undefined;
      throw wait === undefined ? new ReleaseRefused(message) : new SiteBusy(message, wait);
    }
    return body as T;
  };
  const post = <T>(route: string, body: unknown) =>
    call<T>(route, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return {
    where: site,
    async release(buildDir, options) {
      const tarball = await packDir(buildDir);
      const extra: Record<string, string> = {
        ...(options.notes ? { 'X-Release-Notes': encodeURIComponent(options.notes) } : {}),
        ...(options.ciUrl ? { 'X-CI-URL': options.ciUrl } : {}),
      };
      const send = () =>
        call<ReleaseOutcome>(options.candidate ? '?candidate=1' : '', {
          method: 'POST',
          headers: { 'Content-Type': 'application/gzip', ...extra },
          body: new Uint8Array(tarball),
        });
      return retriedWhileBusy(site, send, notice);
    },
    promote: (version, share, options = {}) => post('/promote', { version, share, ...options }),
    schedule: async (version, share, at) => (await post<{ scheduled: ScheduledAction }>('/promote', { version, share, at })).scheduled,
    cancelScheduled: async () => (await call<{ cancelled: ScheduledAction }>('/scheduled', { method: 'DELETE' })).cancelled,
    rollback: (to, options = {}) => post('/rollback', { ...(to ? { to } : {}), ...options }),
    async preview(version) {
      // The link names the address the command was pointed at, which this person can open.
      const answer = await post<{ path: string; expiresAt: string }>('/preview', { version });
      return { url: `${site}${answer.path}`, expiresAt: answer.expiresAt };
    },
    list: () => call<Listing>(''),
    health: (hours) => call<ReleaseHealth>(`/health?hours=${hours}`),
    close: async () => undefined,
  };
}

/** The preview links' key every instance shares (made here when no instance has made it yet). */
async function previewSecret(config: AppConfig): Promise<string> {
  const secrets = await onOwnDatabase(config, sharedSecretsOn);
  try {
    return await secrets.get('preview', () => randomBytes(32).toString('base64url'));
  } finally {
    await secrets.close();
  }
}

/** This checkout's database and releases folder, through the services the release API calls. */
export async function localClient(remote: RemoteName, config: AppConfig, who: Who, siteUrl: string): Promise<ReleaseClient> {
  const store = await openScriptRegistry(config);
  const logger = createLogger(process.env.LOG_LEVEL ?? 'error');
  const pool = new RenderPool(config, logger);
  // The site's artifact store: with ARTIFACTS=database a release made here goes to the database, as one through the api does.
  const stores = artifactsWiring(config, logger);
  const context = releaseContext(config, store, serverCheck(pool), stores.artifacts);
  const base = { ...who, remote };
  return {
    where: config.releasesDir,
    release: (buildDir, options) => releaseBuild(context, { ...base, buildDir, ...options }),
    promote: (version, share, options = {}) =>
      share < FULL_SHARE
        ? startCanary(context, { ...base, ...options, version, share })
        : promoteRelease(context, { ...base, ...options, version }),
    schedule: (version, share, at) => schedulePromotion(context, { ...base, version, share, at: new Date(at) }),
    cancelScheduled: () => cancelScheduled(context, base),
    rollback: (to, options = {}) => rollbackOrEndCanary(context, { ...base, ...options, to }),
    async preview(version) {
      const secret = config.previewSecret ?? (await previewSecret(config));
      const expiresAt = Date.now() + PREVIEW_TTL_MS;
      const token = signPreview({ remote, version, expiresAt }, secret);
      return { url: `${siteUrl}/api/preview/${token}`, expiresAt: new Date(expiresAt).toISOString() };
    },
    async list() {
      const { canary, scheduled } = await store.state(remote);
      const lastSchedule = scheduled ? null : lastScheduleOutcome(await store.events(remote));
      return { ...(await listReleases(context, remote)), canary, scheduled, lastSchedule };
    },
    async health(hours) {
      const { canary } = await store.state(remote);
      return rumStoreHealth(config, remote, hours, await store.currentVersions(), canary);
    },
    async close() {
      await store.close();
      await pool.close();
      await stores.stop();
    },
  };
}
