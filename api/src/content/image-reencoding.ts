/**
 * What an uploaded content image becomes before anyone sees it: decoded by sharp (libvips), checked
 * to be the format it claims, turned upright, stripped of its metadata (EXIF, GPS, the camera's
 * comments), shrunk so its longest side is at most MAX_IMAGE_SIDE and encoded as WebP. Every stored
 * image is therefore one the site made, never the bytes a client sent.
 *
 * WebP for every input: it keeps a PNG's transparency, a photo's quality at a fraction of a JPEG's
 * bytes, and every browser the site serves (the last three years) shows it; one output type also
 * keeps the stored names and the served type to one rule.
 */
import sharp from 'sharp';
import { Invalid, TooLarge } from '../platform/errors';

export const UPLOAD_IMAGE_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

/** The largest upload taken, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** The longest side of a stored image: twice the widest a page shows one (a hero), for sharp screens. */
export const MAX_IMAGE_SIDE = 2000;
/**
 * The most pixels decoded (40 megapixels: 8000 x 5000, any camera's photo). A small file declaring
 * a huge canvas (a decompression bomb) is refused from its header, before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 82;
/** Re-encodings at once: each takes a libuv thread and its own libvips threads for up to a second. */
const CONCURRENT_ENCODINGS = 2;

// libvips keeps recent operations' results in memory to reuse them; an upload is never processed twice.
sharp.cache(false);

export interface ReencodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export function isUploadImageType(type: string): type is UploadImageType {
  return Object.hasOwn(UPLOAD_IMAGE_TYPES, type);
}

let running = 0;
const waiting: (() => void)[] = [];

async function oneOfFew<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_ENCODINGS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

const notTheImage = (type: UploadImageType) =>
  new Invalid('invalid_image', `The bytes sent are not a ${UPLOAD_IMAGE_TYPES[type].toUpperCase()} image that can be read`);

/** The stored form of an upload; throws `Invalid` when the bytes are not a readable image of `type`, `TooLarge` past MAX_INPUT_PIXELS. */
export function reencodeImage(bytes: Buffer, type: UploadImageType): Promise<ReencodedImage> {
  return oneOfFew(async () => {
    // failOn 'error': a truncated or corrupt file is refused rather than stored half grey.
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    // The header alone (no pixel is decoded here), so a bomb is told apart from a broken file.
    const metadata = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    // The format is read from the bytes, never taken from the header the client sent.
    if (!metadata || metadata.format !== UPLOAD_IMAGE_TYPES[type]) throw notTheImage(type);
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS)
      throw new TooLarge('image_too_large', `The image has more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels`);
    const { data, info } = await input()
      .autoOrient()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw notTheImage(type);
      });
    return { data, width: info.width, height: info.height };
  });
}
