/**
 * Answers whose bytes stay the same for every visitor until a publish or a build (pages, JSON reads)
 * are hashed for their ETag and compressed once per body, not per request: the brotli copy at its best
 * quality (later visitors get a document about 15% smaller than the fast setting gives, which on a
 * slow phone network often decides whether it arrives in the first round trip) and a gzip copy (what
 * Varnish asks for), each made in the background when first asked for; until it is ready the compression middleware
 * compresses quickly, as it does every other response.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import { identifyContent } from './edge-answers';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The compression middleware's threshold (app.ts): smaller answers go out as they are. */
const COMPRESS_FROM = 1024;

interface KeptBody {
  /** Names the body before any compression: the ETag is built from it. */
  hash: string;
  br?: Buffer;
  gzip?: Buffer;
  compressing?: Set<Coding>;
}

type Coding = 'br' | 'gzip';

/** Pages, keyed by their HTML's hash (each request renders a new string); bounded by size. */
const byHash = new LRUCache<string, KeptBody>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (kept) => 64 + (kept.br?.length ?? 0) + (kept.gzip?.length ?? 0),
});
/** Bodies a route keeps itself (a JSON read's bytes, made once per content change): no hashing at all. */
const byBuffer = new WeakMap<Buffer, KeptBody>();

const hashOf = (bytes: Buffer) => createHash('sha1').update(bytes).digest('base64url').slice(0, 22);

const compressors = {
  br: (bytes: Buffer) =>
    brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  gzip: (bytes: Buffer) => gzip(bytes, { level: 9 }),
};

/** Each coding is made when first asked for: a body only Varnish reads is never brotli-compressed. */
function compressLater(kept: KeptBody, coding: Coding, bytes: Buffer): void {
  if (kept.compressing?.has(coding)) return;
  (kept.compressing ??= new Set()).add(coding);
  compressors[coding](bytes)
    .then((copy) => {
      kept[coding] = copy;
      // Counted again now that the copy is in it.
      if (byHash.has(kept.hash)) byHash.set(kept.hash, kept);
    })
    // A failed compression only means the fast one goes on being used.
    .catch(() => undefined)
    .finally(() => kept.compressing?.delete(coding));
}

function keptFor(body: Buffer | string): { kept: KeptBody; bytes: Buffer } {
  if (Buffer.isBuffer(body)) {
    let kept = byBuffer.get(body);
    if (!kept) byBuffer.set(body, (kept = { hash: hashOf(body) }));
    return { kept, bytes: body };
  }
  const bytes = Buffer.from(body, 'utf8');
  const hash = hashOf(bytes);
  let kept = byHash.get(hash);
  if (!kept) byHash.set(hash, (kept = { hash }));
  return { kept, bytes };
}

/** How many Accept-Encoding values `codingFor` remembers: browsers send a handful, but clients write them. */
const ACCEPTS_KEPT = 100;
const codings = new LRUCache<string, Coding | 'identity'>({ max: ACCEPTS_KEPT });

/** The coding the request takes best, by its Accept-Encoding (parsed once per distinct value). */
function codingFor(ctx: Context): Coding | 'identity' {
  const accepts = ctx.get('Accept-Encoding');
  let coding = codings.get(accepts);
  if (coding === undefined) {
    const chosen = ctx.acceptsEncodings('br', 'gzip', 'identity');
    coding = chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
    codings.set(accepts, coding);
  }
  return coding;
}

/**
 * Sets `body` as the response with its kept validator and, when the browser takes one, its kept
 * compressed copy. A route passing a Buffer promises never to change it (a new body is a new Buffer).
 */
export function sendKept(ctx: Context, body: Buffer | string): void {
  const { kept, bytes } = keptFor(body);
  // As given first, so Koa names a page's type from its text.
  ctx.body = body;
  const coding = bytes.length < COMPRESS_FROM ? 'identity' : codingFor(ctx);
  if (bytes.length >= COMPRESS_FROM) ctx.vary('Accept-Encoding');
  // Its validator names the body and the coding it leaves in, whichever copy of that coding it is.
  identifyContent(ctx, kept.hash, coding);
  const copy = coding === 'identity' ? undefined : kept[coding];
  if (copy) {
    ctx.set('Content-Encoding', coding);
    ctx.body = copy;
  } else if (coding !== 'identity') compressLater(kept, coding, bytes);
  // The compression middleware applies the coding named here, quickly, or none when a copy went out.
  ctx.compress = copy || coding === 'identity' ? false : { br: coding === 'br' && {}, gzip: coding === 'gzip' && {}, deflate: false };
}
