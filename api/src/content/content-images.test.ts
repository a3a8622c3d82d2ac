/**
 * Uploading content images as an editor does: real PNG, JPEG and WebP files made with sharp, sent to a
 * started app; what is stored is re-encoded (WebP, longest side capped, no EXIF), served immutable,
 * and a publish naming an upload that is not stored is refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import sharp from 'sharp';
import { CONTENT_TOKENS, EDITOR_TOKEN, contentApi } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';
import { MAX_IMAGE_SIDE, MAX_UPLOAD_BYTES } from './image-reencoding';

const app = startedForSuite(testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS }));
const server = app.koa.callback();
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-upload-'));

/** A real image file on disk: a colour gradient, with a camera's EXIF (and GPS) when asked. */
async function imageFile(name: string, width: number, height: number, format: 'png' | 'jpeg' | 'webp', exif = false): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).toFormat(format);
  if (exif)
    image = image.withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 3000', Copyright: 'private' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 29/1' },
    });
  const file = path.join(files, name);
  await image.toFile(file);
  return fs.readFileSync(file);
}

const upload = (bytes: Buffer, type: string, token = EDITOR_TOKEN) =>
  request(server).post('/api/content/images').set('Authorization', `Bearer ${token}`).set('Content-Type', type).send(bytes);

async function stored(src: string) {
  const res = await request(server)
    .get(src)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return { res, bytes: res.body as Buffer };
}

describe('POST /api/content/images', () => {
  it.each([
    ['png', 'image/png', 3000, 1500, { width: MAX_IMAGE_SIDE, height: 1000 }],
    ['jpeg', 'image/jpeg', 1200, 4000, { width: 600, height: MAX_IMAGE_SIDE }],
    ['webp', 'image/webp', 640, 480, { width: 640, height: 480 }],
  ] as const)('re-encodes a %s as WebP, capped and never enlarged, without its EXIF', async (format, type, width, height, expected) => {
    const original = await imageFile(`photo.${format}`, width, height, format, true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original, type).expect(201);
    expect(res.body).toEqual({ src: expect.stringMatching(/^\/content-images\/uploads\/[0-9a-f]{32}\.webp$/), ...expected });

    const { res: served, bytes } = await stored(res.body.src);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', ...expected });
    expect(metadata.exif).toBeUndefined();
    expect(bytes.includes('SecretCam')).toBe(false);
  });

  it('turns a photo taken sideways upright (its EXIF orientation applied, then dropped)', async () => {
    const sideways = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(sideways, 'image/jpeg').expect(201);
    expect(res.body).toMatchObject({ width: 100, height: 400 });
  });

  it('gives the same bytes the same src, and stores nothing new', async () => {
    const original = await imageFile('twice.png', 300, 200, 'png');
    const first = await upload(original, 'image/png').expect(201);
    const uploads = path.join(app.config.releasesDir, '.content-images');
    const before = fs.readdirSync(uploads).sort();
    const second = await upload(original, 'image/png').expect(201);
    expect(second.body.src).toBe(first.body.src);
    expect(fs.readdirSync(uploads).sort()).toEqual(before);
  });

  it('refuses SVG and other types with 415, naming what it takes', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const res = await upload(svg, 'image/svg+xml').expect(415);
    expect(res.body.error).toMatch(/PNG, JPEG or WebP/);
    await upload(await imageFile('gif.gif', 10, 10, 'png'), 'image/gif').expect(415);
  });

  it('refuses with 400 a .png that is really text, or a JPEG sent as PNG', async () => {
    const text = path.join(files, 'notes.png');
    fs.writeFileSync(text, 'these are meeting notes, not a picture\n'.repeat(20));
    const res = await upload(fs.readFileSync(text), 'image/png').expect(400);
    expect(res.body.code).toBe('invalid_image');
    await upload(await imageFile('really.jpeg', 50, 50, 'jpeg'), 'image/png').expect(400);
  });

  it('refuses more than 10 MB with 413, by its Content-Length or while it streams', async () => {
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 1);
    expect((await upload(big, 'image/png').expect(413)).body.code).toBe('too_large');
    // Sent in chunks without a length: refused once the bytes pass the limit.
    const chunked = request(server)
      .post('/api/content/images')
      .set('Authorization', `Bearer ${EDITOR_TOKEN}`)
      .set('Content-Type', 'image/png');
    chunked.set('Transfer-Encoding', 'chunked');
    for (let i = 0; i < 11; i++) chunked.write(Buffer.alloc(1024 * 1024, 2));
    expect((await chunked.expect(413)).body.code).toBe('too_large');
  });

  it('refuses a decompression bomb (a small file declaring a huge canvas) before decoding it', async () => {
    // A real 100 x 100 PNG whose header is rewritten to say 50,000 x 50,000 (its CRC made to match).
    const bomb = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(50_000, 16);
    bomb.writeUInt32BE(50_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)), 29);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(50_000);
    expect((await upload(bomb, 'image/png').expect(413)).body.code).toBe('image_too_large');
  });

  it('needs a content token', async () => {
    await request(server).post('/api/content/images').set('Content-Type', 'image/png').send(Buffer.from('x')).expect(401);
  });

  it('refuses a publish naming an upload that is not stored, and takes one that is', async () => {
    const publisher = contentApi(server);
    const post = (await publisher.get('blog/merchants-announcement').expect(200)).body.content as Record<string, unknown>;
    await publisher.save('blog/merchants-announcement', {
      ...post,
      heroImage: '/content-images/uploads/0123456789abcdef0123456789abcdef.webp',
    });
    const refused = await publisher.publish('blog/merchants-announcement').expect(409);
    expect(refused.body.error).toMatch(/never uploaded/);

    const { body } = await upload(await imageFile('hero.png', 1200, 630, 'png'), 'image/png').expect(201);
    await publisher.save('blog/merchants-announcement', { ...post, heroImage: body.src }).expect(200);
    await publisher.publish('blog/merchants-announcement').expect(200);
    expect((await request(server).get('/api/blog/merchants-announcement').expect(200)).body.heroImage).toBe(body.src);
    // A WebP hero is a raster image: the post's JSON-LD names it (absolute) rather than the site card.
    const page = (await request(server).get('/blog/merchants-announcement').expect(200)).text;
    const articles = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { '@type'?: string; image?: string[] })
      .filter((item) => item['@type'] === 'BlogPosting' || item['@type'] === 'Article');
    expect(articles).toHaveLength(1);
    expect(new URL(articles[0]!.image![0]!).pathname).toBe(body.src);
  });
});
