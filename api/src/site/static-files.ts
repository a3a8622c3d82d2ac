/**
 * Static serving of every build: the shell's hashed assets, each remote's build by version, content
 * images and the shell's public files. Hashed files, and every file of a release (its folder is
 * content-addressed and never rewritten), are immutable for a year; the few others (the checkout
 * build's manifests and remote entries, public files) are kept a few minutes by shared caches, tagged
 * with what they belong to. Every path goes through one rule (servable-path.ts):
 * decoded once, never leaving its root, never through a symlink, never a dotfile, a source map or a
 * build's server bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import { send } from '@koa/send';
import type { Context } from 'koa';
import { isReleaseVersion, isRemoteName, SERVER_DIR } from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import type { ArtifactStore } from '../artifacts/artifact-store';
import { LOCAL_VERSION, remoteFilesDir } from '../serving/remote-registry';
import { shareAnswer } from '../edge/edge-answers';
import { CONTENT_IMAGES_TAG, remoteTag, SHELL_TAG } from '../edge/edge-tags';
import { assertNoLink, encodeForSend, servablePath } from './servable-path';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Names ending in a content hash (`main.1a2b3c4d5e.js`). */
const HASHED = /\.[0-9a-f]{8,}\.\w+$/;
const ALWAYS_REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);
/** Seconds a shared cache keeps an unhashed file (a purge of its tags clears it sooner). */
export const FILE_EDGE_TTL = 300;

/** How a folder's files may be cached: every file immutable (a release), and the tags of the others. */
export interface FolderCaching {
  immutable?: boolean;
  tags: string[];
}

function notFound(ctx: Context, status: 400 | 404 = 404): void {
  ctx.status = status;
  ctx.type = 'text/plain';
  ctx.body = status === 400 ? 'Bad request' : 'Not found';
}

/** The still-encoded part of the request path below `prefix` (router params are already decoded once). */
export const rawBelow = (ctx: Context, prefix: string) => (ctx.path.startsWith(prefix) ? ctx.path.slice(prefix.length) : '');

export async function serve(
  ctx: Context,
  root: string,
  raw: string,
  fallbackMaxAge: number,
  privateDirs: readonly string[] = [],
  caching: FolderCaching = { tags: [] },
): Promise<void> {
  const verdict = servablePath(raw, privateDirs);
  if (!verdict.ok) return notFound(ctx, verdict.status);
  const base = path.basename(verdict.rel);
  const immutable = caching.immutable === true || (HASHED.test(base) && !ALWAYS_REVALIDATE.has(base));
  const sent = await send(ctx, encodeForSend(verdict.rel), {
    root,
    index: false,
    hidden: false,
    brotli: true,
    gzip: true,
    immutable,
    maxage: immutable ? YEAR_MS : fallbackMaxAge,
    // The file send chose (a .br or .gz twin included), checked just before it is opened.
    setHeaders: (_res, file) => assertNoLink(root, file),
  }).catch((error: { status?: number }) => {
    if (error.status === 404 || error.status === 400 || error.status === 403) return undefined;
    throw error;
  });
  if (!sent) {
    ctx.remove('Content-Encoding');
    return notFound(ctx);
  }
  if (immutable) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  else {
    const browserTtl = ALWAYS_REVALIDATE.has(base) ? 0 : Math.floor(fallbackMaxAge / 1000);
    shareAnswer(ctx, { tags: caching.tags, ttl: Math.max(browserTtl, FILE_EDGE_TTL), browserTtl });
  }
}

export function staticRouter(config: AppConfig, artifacts: Pick<ArtifactStore, 'ensureShellFile' | 'ensure'>): Router {
  const router = new Router();
  const shellDist = path.join(config.siteRoot, 'shell', 'dist');
  const shellAssets = path.join(shellDist, 'assets');

  const shellFiles = { tags: [SHELL_TAG] };
  // The running shell's files, then those of every shell build still stored: a tab opened before a
  // server deploy asks for chunks of the shell it started with.
  router.get('/assets/{*rest}', async (ctx) => {
    const raw = rawBelow(ctx, '/assets/');
    const verdict = servablePath(raw);
    const stored =
      verdict.ok && !fs.existsSync(path.join(shellAssets, verdict.rel)) ? await artifacts.ensureShellFile(verdict.rel) : undefined;
    return serve(ctx, stored ?? shellAssets, raw, 0, [], shellFiles);
  });

  router.get('/remotes/:name/:version/{*rest}', async (ctx) => {
    const { name, version } = ctx.params;
    const valid = isRemoteName(name) && isReleaseVersion(version);
    // A build stored elsewhere (the database) is copied into this instance's cache on first use.
    if (valid && !remoteFilesDir(config, name, version)) await artifacts.ensure(name, version);
    const dir = valid ? remoteFilesDir(config, name, version) : undefined;
    if (!dir || !name) {
      ctx.status = 404;
      ctx.body = { error: `Unknown remote build ${name}@${version}` };
      return;
    }
    // Manifests are fetched cross-origin when the shell runs on another host during development.
    ctx.set('Access-Control-Allow-Origin', '*');
    // The server bundle (dist/server) travels with the build but is the api's, not the browser's.
    await serve(ctx, dir, rawBelow(ctx, `/remotes/${name}/${version}/`), 0, [SERVER_DIR], {
      immutable: version !== LOCAL_VERSION,
      tags: [remoteTag(name)],
    });
  });

  router.get('/content-images/{*rest}', (ctx) =>
    serve(ctx, path.join(config.contentDir, 'images'), rawBelow(ctx, '/content-images/'), DAY_MS, [], { tags: [CONTENT_IMAGES_TAG] }),
  );

  // Unhashed public files of the shell (favicon, logo, social images, fonts).
  router.get(/^\/(favicon\.svg|logo\.(?:svg|png)|og\/[\w.-]+|fonts\/[\w.-]+)$/, (ctx) =>
    serve(ctx, shellDist, ctx.path.slice(1), DAY_MS, [], shellFiles),
  );
  return router;
}
