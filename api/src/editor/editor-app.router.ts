/**
 * The content editor's page: GET /editor and every path below it answer one HTML page that loads the
 * editor's build (its manifest names the hashed files, served below /editor/assets/ as immutable).
 * The page is for signed-in people only: never indexed (meta and X-Robots-Tag; robots.txt keeps
 * crawlers out and the sitemap never lists it), never cached, and under a policy of its own,
 * stricter than the site's: only this origin's scripts, stylesheets and connections, nothing inline.
 */
import fs from 'node:fs';
import path from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import {
  EDITOR_ASSETS_PATH,
  EDITOR_MANIFEST_FILE,
  EDITOR_PATH,
  editorManifestSchema,
  siteConfig,
  type EditorManifest,
} from '@cardlift/contracts';
import type { AppConfig } from '../app-config';
import { rawBelow, serve } from '../site/static-files';

export const EDITOR_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // Thumbnails of uploads (data: and blob: for a picked file shown before it is sent).
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ');

const NOT_BUILT = 'The content editor is not built. Run `npm run build` (or `npm run build -w @cardlift/editor`) and reload.';

function noindex(ctx: Context): void {
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
}

/** The manifest, read again when the build changes (a rebuild writes new hashed names). */
function manifestReader(dist: string): () => EditorManifest | null {
  const file = path.join(dist, EDITOR_MANIFEST_FILE);
  let cached: { mtimeMs: number; manifest: EditorManifest } | undefined;
  return () => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, manifest: editorManifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))) };
    }
    return cached.manifest;
  };
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function editorPage(manifest: EditorManifest): string {
  const url = (file: string) => escapeAttribute(`${EDITOR_PATH}/${file}`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    `<title>Content editor · ${siteConfig.brandName}</title>`,
    ...manifest.styles.map((file) => `<link rel="stylesheet" href="${url(file)}">`),
    ...manifest.scripts.map((file) => `<script defer src="${url(file)}"></script>`),
    '</head>',
    '<body>',
    '<div id="editor-root"><noscript>The content editor needs JavaScript.</noscript></div>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

export function editorAppRouter(config: Pick<AppConfig, 'siteRoot'>, dist = path.join(config.siteRoot, 'editor', 'dist')): Router {
  const router = new Router();
  const manifest = manifestReader(dist);

  router.get(`${EDITOR_ASSETS_PATH}{*rest}`, async (ctx) => {
    noindex(ctx);
    await serve(ctx, path.join(dist, 'assets'), rawBelow(ctx, EDITOR_ASSETS_PATH), 0);
  });

  const page = (ctx: Context) => {
    noindex(ctx);
    ctx.set('Content-Security-Policy', EDITOR_CONTENT_SECURITY_POLICY);
    ctx.set('Cache-Control', 'no-store');
    const built = manifest();
    if (!built) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = `${NOT_BUILT}\n`;
      return;
    }
    ctx.type = 'text/html';
    ctx.body = editorPage(built);
  };
  router.get(EDITOR_PATH, page);
  router.get(`${EDITOR_PATH}/{*rest}`, page);
  return router;
}
