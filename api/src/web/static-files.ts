/**
 * Static serving of every build: the shell's hashed assets, each remote's build by version, content
 * images and the shell's public files. Hashed files are immutable for a year; manifests, remote
 * entries and anything unhashed are revalidated. Dotfiles and paths outside a root are never served.
 */
import path from 'node:path';
import Router from '@koa/router';
import { SERVER_DIR } from '@cardlift/shell/build/server-shared';
import { send } from '@koa/send';
import type { Context } from 'koa';
import { REMOTE_NAMES, type RemoteName } from '../contracts';
import type { AppConfig } from '../config';
import { remoteFilesDir } from '../services/remote-registry';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Names ending in a content hash (`main.1a2b3c4d5e.js`). */
const HASHED = /\.[0-9a-f]{8,}\.\w+$/;
const ALWAYS_REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);

async function serve(ctx: Context, root: string, file: string, fallbackMaxAge: number): Promise<void> {
  const base = path.basename(file);
  const immutable = HASHED.test(base) && !ALWAYS_REVALIDATE.has(base);
  const sent = await send(ctx, file, {
    root,
    index: false,
    hidden: false,
    brotli: true,
    gzip: true,
    immutable,
    maxage: immutable ? YEAR_MS : fallbackMaxAge,
  }).catch((error: { status?: number }) => {
    if (error.status === 404 || error.status === 400 || error.status === 403) return undefined;
    throw error;
  });
  if (!sent) {
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'Not found';
    return;
  }
  if (immutable) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  else if (ALWAYS_REVALIDATE.has(base)) ctx.set('Cache-Control', 'no-cache');
  else if (!immutable && fallbackMaxAge === 0) ctx.set('Cache-Control', 'no-cache');
}

export function staticRouter(config: AppConfig): Router {
  const router = new Router();
  const shellDist = path.join(config.siteRoot, 'shell', 'dist');

  router.get('/assets/{*rest}', (ctx) => serve(ctx, path.join(shellDist, 'assets'), ctx.params.rest ?? '', 0));

  router.get('/remotes/:name/:version/{*rest}', async (ctx) => {
    const { name, version, rest = '' } = ctx.params;
    const dir = REMOTE_NAMES.includes(name as RemoteName) ? remoteFilesDir(config, name as RemoteName, version ?? '') : undefined;
    // The server bundle (dist/server) travels with the build but is the api's, not the browser's.
    if (!dir || rest.startsWith(`${SERVER_DIR}/`)) {
      ctx.status = 404;
      ctx.body = { error: `Unknown remote build ${name}@${version}` };
      return;
    }
    // Manifests are fetched cross-origin when the shell runs on another host during development.
    ctx.set('Access-Control-Allow-Origin', '*');
    await serve(ctx, dir, rest, 0);
  });

  router.get('/content-images/{*rest}', (ctx) =>
    serve(ctx, path.join(config.contentDir, 'images'), ctx.params.rest ?? '', DAY_MS),
  );

  // Unhashed public files of the shell (favicon, logo, social images, fonts).
  router.get(/^\/(favicon\.svg|logo\.(?:svg|png)|og\/[\w.-]+|fonts\/[\w.-]+)$/, (ctx) =>
    serve(ctx, shellDist, ctx.path.slice(1), DAY_MS),
  );
  return router;
}
