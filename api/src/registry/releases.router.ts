/**
 * The release API a section team's CI calls, each remote with its own token (release-auth.ts):
 *   POST /api/releases/{remote}            gzipped tar of dist; 201 { version } (?candidate=1: stored, not live)
 *   POST /api/releases/{remote}/promote    { version }
 *   POST /api/releases/{remote}/rollback   { to? }
 *   POST /api/releases/{remote}/preview    { version } -> a signed, expiring preview link
 *   GET  /api/releases/{remote}            the releases, the current one marked
 * Every change is recorded (who, when, git sha) and a refused one changes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { isReleaseVersion } from '@cardlift/contracts';
import type { AppConfig } from '../platform/config';
import { AppError } from '../platform/errors';
import { jsonBody } from '../platform/json-body';
import { validate, validBody } from '../platform/validate';
import { PREVIEW_TTL_MS, signPreview } from './preview';
import { authorizeRelease } from './release-auth';
import { listReleases, promoteRelease, releaseBuild, ReleaseRefused, rollbackRelease, type ReleaseContext } from './release-service';
import { parseRemoteName } from './remote-names';
import { TarballRefused, unpackChecked } from './tarball';

const versionSchema = z.string().refine(isReleaseVersion, 'version must be a release version such as 1.0.0-0123456789');
const promoteSchema = z.object({ version: versionSchema });
const rollbackSchema = z.object({ to: versionSchema.optional() });

export interface ReleaseApiDeps {
  config: AppConfig;
  context(): Promise<ReleaseContext>;
  previewSecret(): Promise<string>;
}

function refusal(error: unknown): never {
  if (error instanceof ReleaseRefused)
    throw new AppError(error.status, 'release_refused', error.message, error.reasons.length ? { reasons: error.reasons } : undefined);
  if (error instanceof TarballRefused) throw new AppError(400, 'bad_archive', error.message);
  throw error;
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

const gitShaOf = (ctx: Context) => (/^[0-9a-f]{7,40}$/.test(ctx.get('X-Git-Sha')) ? ctx.get('X-Git-Sha') : undefined);

export function releasesRouter(deps: ReleaseApiDeps): Router {
  const router = new Router({ prefix: '/api/releases' });

  router.param('remote', async (value, ctx, next) => {
    const remote = parseRemoteName(value);
    if (!remote) throw new AppError(404, 'not_found', `Unknown remote "${value}"`);
    ctx.state.remote = remote;
    ctx.state.actor = authorizeRelease(ctx, remote, deps.config.releaseTokenHashes);
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/:remote', async (ctx) => {
    ctx.body = await listReleases(await deps.context(), ctx.state.remote);
  });

  router.post('/:remote', async (ctx) => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-upload-'));
    try {
      const archive = path.join(work, 'build.tar.gz');
      const buildDir = path.join(work, 'build');
      fs.mkdirSync(buildDir);
      await receiveUpload(ctx, deps.config.releaseMaxBytes, archive);
      await unpackChecked(archive, buildDir, deps.config.releaseMaxBytes * 4);
      const candidate = ctx.query.candidate === '1';
      const outcome = await releaseBuild(await deps.context(), {
        remote: ctx.state.remote,
        buildDir,
        actor: ctx.state.actor,
        gitSha: gitShaOf(ctx),
        candidate,
      });
      ctx.status = outcome.alreadyCurrent ? 200 : 201;
      ctx.body = outcome;
    } catch (error) {
      refusal(error);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });

  router.post('/:remote/promote', jsonBody(), validate(promoteSchema), async (ctx) => {
    const { version } = validBody(ctx, promoteSchema);
    ctx.body = await promoteRelease(await deps.context(), {
      remote: ctx.state.remote,
      version,
      actor: ctx.state.actor,
      gitSha: gitShaOf(ctx),
    }).catch(refusal);
  });

  router.post('/:remote/rollback', jsonBody(), validate(rollbackSchema), async (ctx) => {
    const { to } = validBody(ctx, rollbackSchema);
    ctx.body = await rollbackRelease(await deps.context(), {
      remote: ctx.state.remote,
      to,
      actor: ctx.state.actor,
      gitSha: gitShaOf(ctx),
    }).catch(refusal);
  });

  router.post('/:remote/preview', jsonBody(), validate(promoteSchema), async (ctx) => {
    const { version } = validBody(ctx, promoteSchema);
    const context = await deps.context();
    if (
      !(await context.store.state(ctx.state.remote)).releases.some((r) => r.version === version) ||
      !context.artifacts.locate(ctx.state.remote, version)
    ) {
      throw new AppError(404, 'not_found', `${ctx.state.remote} has no stored release ${version}`);
    }
    const expiresAt = Date.now() + PREVIEW_TTL_MS;
    const token = signPreview({ remote: ctx.state.remote, version, expiresAt }, await deps.previewSecret());
    ctx.status = 201;
    // On the public origin (SITE_URL), never the request's Host, which the caller writes.
    ctx.body = { url: `${deps.config.siteAddresses.siteUrl}/api/preview/${token}`, expiresAt: new Date(expiresAt).toISOString() };
  });

  return router;
}
