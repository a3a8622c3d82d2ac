/**
 * The release API a section team's CI calls, each remote with its own token (release-auth.ts):
 *   POST /api/releases/{remote}            gzipped tar of dist; 201 { version, warnings } (?candidate=1: stored, not live)
 *   POST /api/releases/{remote}/promote    { version, share?, at?, endCanary? } (share 1..99: a canary beside the current
 *                                          version; at: an ISO time, when it happens; stored, carried out by any instance;
 *                                          endCanary: end a canary of another version, else 409). A move's answer names
 *                                          the canary it ended (endedCanary) and warns of a schedule it makes wrong (warnings)
 *   DELETE /api/releases/{remote}/scheduled cancels the scheduled promotion
 *   POST /api/releases/{remote}/rollback   { to?, endCanary? } (while a canary runs and without `to`: ends the canary)
 *   POST /api/releases/{remote}/preview    { version } -> a signed, expiring preview link
 *   GET  /api/releases/{remote}            the releases, the current one marked, the canary if one runs, what is scheduled
 * Every change is recorded (who, when, git sha) and a refused one changes nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { isReleaseVersion, type RemoteName } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { AppError, NotFound } from '../platform/errors';
import { jsonBody } from '../platform/json-body';
import { actorOf, stateOf } from '../platform/request-state';
import { validate, validBody } from '../platform/validate';
import { RELEASE_UPLOADS_DIR } from '../artifacts/artifact-store';
import { PREVIEW_TTL_MS, signPreview } from '../preview/preview';
import { authorizeRelease } from './release-auth';
import { listReleases, promoteRelease, releaseBuild, type ReleaseContext } from './release-service';
import { FULL_SHARE, rollbackOrEndCanary, startCanary } from './canary/canary-service';
import { parseRemoteName } from './remote-names';
import { cancelScheduled, schedulePromotion } from './schedule/schedule-service';
import { lastScheduleOutcome } from './schedule/schedule-outcome';
import { removeFolder } from '../artifacts/remove-folder';
import { UploadAbandoned, unpackInWorker } from '../artifacts/upload-worker';

const versionSchema = z.string().refine(isReleaseVersion, 'version must be a release version such as 1.0.0-0123456789');
const previewSchema = z.object({ version: versionSchema });
const promoteSchema = previewSchema.extend({
  share: z
    .number()
    .int('share must be a whole percentage')
    .min(1, 'share must be 1 to 100')
    .max(FULL_SHARE, 'share must be 1 to 100')
    .optional(),
  at: z.iso.datetime({ offset: true, message: 'at must be an ISO time with its zone, such as 2026-12-01T14:00:00Z' }).optional(),
  /** End a running canary of another version with this move (else refused with 409 naming it). */
  endCanary: z.boolean().optional(),
});
const rollbackSchema = z.object({ to: versionSchema.optional(), endCanary: z.boolean().optional() });

declare module 'koa' {
  interface DefaultState {
    /** The remote a release route acts on, set with its token's check (the `remote` parameter). */
    remote?: RemoteName;
  }
}

const remoteOf = (ctx: Context): RemoteName => stateOf(ctx, 'remote');

export interface ReleaseApiDeps {
  config: AppConfig;
  context(): Promise<ReleaseContext>;
  previewSecret(): Promise<string>;
}

/** The upload, written to a temporary file, stopping at the cap: a 413 stores nothing. */
async function receiveUpload(ctx: Context, maxBytes: number, file: string): Promise<void> {
  if (ctx.request.type !== 'application/gzip')
    throw new AppError(415, 'unsupported_media_type', 'Content-Type must be application/gzip (a gzipped tar of the dist folder)');
  if (Number(ctx.get('Content-Length') || 0) > maxBytes)
    throw new AppError(413, 'payload_too_large', `A release upload may be ${maxBytes} bytes at most`);
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? new AppError(413, 'payload_too_large', `A release upload may be ${maxBytes} bytes at most`) : null, chunk);
    },
  });
  await pipeline(ctx.req, cap, fs.createWriteStream(file));
}

/**
 * Aborted when the client goes away before it is answered: its upload is abandoned (the worker
 * ended, the files removed) rather than processed for nobody.
 */
function clientGone(ctx: Context): AbortSignal {
  const gone = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** An upload's working folder, beside the releases, removed whatever happens (in a thread of its own). */
async function withWorkFolder<T>(releasesDir: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.join(releasesDir, RELEASE_UPLOADS_DIR, crypto.randomUUID());
  await fs.promises.mkdir(path.join(dir, 'build'), { recursive: true });
  try {
    return await work(dir);
  } finally {
    await removeFolder(dir);
  }
}

/** The commit a build came from, `-dirty` after it when the tree had uncommitted changes (as `git describe --dirty`). */
const gitShaOf = (ctx: Context) => (/^[0-9a-f]{7,40}(-dirty)?$/.test(ctx.get('X-Git-Sha')) ? ctx.get('X-Git-Sha') : undefined);

const NOTES_MAX = 1000;
/** The team's notes (X-Release-Notes, percent-encoded so any text fits a header) and CI run (X-CI-URL). */
function provenanceOf(ctx: Context): { notes?: string; ciUrl?: string } {
  let notes: string | undefined;
  try {
    notes = decodeURIComponent(ctx.get('X-Release-Notes')).trim() || undefined;
  } catch {
    throw new AppError(400, 'bad_notes', 'X-Release-Notes must be percent-encoded text');
  }
  if (notes && notes.length > NOTES_MAX) throw new AppError(400, 'bad_notes', `release notes may be ${NOTES_MAX} characters at most`);
  const ciUrl = ctx.get('X-CI-URL') || undefined;
  if (ciUrl && (!/^https?:\/\/\S+$/.test(ciUrl) || ciUrl.length > 500))
    throw new AppError(400, 'bad_ci_url', 'X-CI-URL must be an http(s) address');
  return { ...(notes ? { notes } : {}), ...(ciUrl ? { ciUrl } : {}) };
}

export function releasesRouter(deps: ReleaseApiDeps): Router {
  const router = new Router({ prefix: '/api/releases' });

  router.param('remote', async (value, ctx, next) => {
    const remote = parseRemoteName(value);
    if (!remote) throw new NotFound('not_found', `Unknown remote "${value}"`);
    ctx.state.remote = remote;
    ctx.state.actor = authorizeRelease(ctx, remote, deps.config.releaseTokenHashes);
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/:remote', async (ctx) => {
    const context = await deps.context();
    const remote = remoteOf(ctx);
    const listing = await listReleases(context, remote);
    const { canary, scheduled } = await context.store.state(remote);
    const lastSchedule = scheduled ? null : lastScheduleOutcome(await context.store.events(remote));
    ctx.body = { ...listing, canary, scheduled, lastSchedule };
  });

  router.post('/:remote', async (ctx) => {
    const limits = deps.config.releaseLimits;
    const provenance = provenanceOf(ctx);
    const gone = clientGone(ctx);
    await withWorkFolder(deps.config.releasesDir, async (work) => {
      const archive = path.join(work, 'build.tar.gz');
      const buildDir = path.join(work, 'build');
      await receiveUpload(ctx, limits.uploadBytes, archive);
      const digest = await unpackInWorker(
        { archive, dest: buildDir, limits: { unpackedBytes: limits.unpackedBytes, files: limits.files, fileBytes: limits.fileBytes } },
        { timeoutMs: limits.unpackTimeoutMs, signal: gone },
      );
      if (gone.aborted) throw new UploadAbandoned('the client closed the connection: the upload was abandoned');
      const outcome = await releaseBuild(await deps.context(), {
        remote: remoteOf(ctx),
        buildDir,
        digest,
        actor: actorOf(ctx),
        gitSha: gitShaOf(ctx),
        ...provenance,
        candidate: ctx.query.candidate === '1',
      });
      ctx.status = outcome.alreadyCurrent ? 200 : 201;
      ctx.body = outcome;
    }).catch((error: unknown) => {
      // A client that left mid-upload breaks the stream: that is its leaving, not a fault.
      throw gone.aborted || ctx.req.socket.destroyed
        ? new UploadAbandoned('the client closed the connection: the upload was abandoned')
        : error;
    });
  });

  router.post('/:remote/promote', jsonBody(), validate(promoteSchema), async (ctx) => {
    const { version, share = FULL_SHARE, at, endCanary } = validBody(ctx, promoteSchema);
    const who = { remote: remoteOf(ctx), version, actor: actorOf(ctx), gitSha: gitShaOf(ctx), endCanary };
    const context = await deps.context();
    if (at !== undefined) {
      ctx.status = 202;
      ctx.body = { scheduled: await schedulePromotion(context, { ...who, share, at: new Date(at) }) };
      return;
    }
    ctx.body = await (share < FULL_SHARE ? startCanary(context, { ...who, share }) : promoteRelease(context, who));
  });

  router.delete('/:remote/scheduled', async (ctx) => {
    const who = { remote: remoteOf(ctx), actor: actorOf(ctx), gitSha: gitShaOf(ctx) };
    ctx.body = { cancelled: await cancelScheduled(await deps.context(), who) };
  });

  router.post('/:remote/rollback', jsonBody(), validate(rollbackSchema), async (ctx) => {
    const { to, endCanary } = validBody(ctx, rollbackSchema);
    ctx.body = await rollbackOrEndCanary(await deps.context(), {
      remote: remoteOf(ctx),
      to,
      endCanary,
      actor: actorOf(ctx),
      gitSha: gitShaOf(ctx),
    });
  });

  router.post('/:remote/preview', jsonBody(), validate(previewSchema), async (ctx) => {
    const { version } = validBody(ctx, previewSchema);
    const remote = remoteOf(ctx);
    const context = await deps.context();
    if (
      !(await context.store.state(remote)).releases.some((r) => r.version === version) ||
      !(await context.artifacts.ensure(remote, version))
    ) {
      throw new NotFound('not_found', `${remote} has no stored release ${version}`);
    }
    const expiresAt = Date.now() + PREVIEW_TTL_MS;
    const token = signPreview({ remote, version, expiresAt }, await deps.previewSecret());
    ctx.status = 201;
    // On the public origin (SITE_URL), never the request's Host, which the caller writes.
    // `path` too: a client pointed at another address of the site (a local run, staging) links to that one.
    const previewPath = `/api/preview/${token}`;
    ctx.body = {
      url: `${deps.config.siteAddresses.siteUrl}${previewPath}`,
      path: previewPath,
      expiresAt: new Date(expiresAt).toISOString(),
    };
  });

  return router;
}
