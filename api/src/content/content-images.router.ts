/**
 * Images for content (a case study's or post's hero, a client's logo), uploaded by editors:
 *   POST /api/content/images                 raw bytes, Content-Type image/png | image/jpeg | image/webp
 *                                            -> 201 { src, width, height }
 *   GET  /content-images/uploads/<hash>.webp the stored image, immutable for a year
 * An upload is re-encoded (image-reencoding.ts) and stored under the SHA-256 of what was made, in the
 * artifact store every instance shares: the same bytes twice give the same src and store nothing new.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { UPLOADED_IMAGE_PREFIX } from '@cardlift/contracts';
import type { ContentRole } from '../platform/config';
import { AppError } from '../platform/errors';
import type { ArtifactStore } from '../artifacts/artifact-store';
import { isUploadImageType, MAX_UPLOAD_BYTES, reencodeImage } from './image-reencoding';

const tooLarge = () => new AppError(413, 'too_large', `An image may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);

/** The request's bytes, refused with 413 as soon as they pass `limit` (the rest is never read). */
async function boundedBody(ctx: Context, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      // The client may go on sending: the answer goes now and the connection closes after it.
      ctx.set('Connection', 'close');
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The stored name of an image: the first 32 hex digits of its SHA-256. */
export const contentImageName = (bytes: Buffer) => `${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.webp`;

export function contentImagesRouter(artifacts: ArtifactStore, access: (needs: ContentRole) => Middleware): Router {
  const router = new Router();

  router.post('/api/content/images', access('editor'), async (ctx) => {
    const type = ctx.request.type;
    if (!isUploadImageType(type))
      throw new AppError(
        415,
        'unsupported_media_type',
        `Images are uploaded as PNG, JPEG or WebP (Content-Type image/png, image/jpeg or image/webp), not "${type || 'none'}"; SVG is not accepted`,
      );
    if (Number(ctx.get('Content-Length') || 0) > MAX_UPLOAD_BYTES) {
      ctx.set('Connection', 'close');
      throw tooLarge();
    }
    const image = await reencodeImage(await boundedBody(ctx, MAX_UPLOAD_BYTES), type);
    const name = contentImageName(image.data);
    await artifacts.putContentImage(name, image.data);
    ctx.status = 201;
    ctx.body = { src: `${UPLOADED_IMAGE_PREFIX}${name}`, width: image.width, height: image.height };
  });

  router.get(`${UPLOADED_IMAGE_PREFIX}:file`, async (ctx) => {
    // Uploaded through another instance (the database): copied into this one's cache on first use.
    const file = await artifacts.ensureContentImage(ctx.params.file!);
    if (!file) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    const { size } = await fs.promises.stat(file);
    ctx.type = 'image/webp';
    ctx.length = size;
    // The name is the content's hash: a new image is a new name.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = fs.createReadStream(file);
  });
  return router;
}
