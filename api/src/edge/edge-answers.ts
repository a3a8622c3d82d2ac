/**
 * What a shared cache (Varnish, a CDN) may keep, and for how long. A route that answers the same for
 * every visitor declares it with `shareAnswer(ctx, tags)`; `sharedAnswers` then sends
 * `public, max-age=0, s-maxage, stale-while-revalidate, stale-if-error`, the tags under the three
 * names caches read (Surrogate-Key for Fastly, Cache-Tag for Cloudflare, xkey for Varnish), and a
 * strong ETag, and answers a matching If-None-Match with 304. `cacheDefaults` makes sure nothing else
 * is ever shared: an answer that sets a cookie, a write, an error page, or a GET no route declared is
 * `private` or `no-store`, and carries no tag.
 *
 * Browsers keep nothing (max-age=0): they revalidate with the ETag, which a cache answers itself.
 */
import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { SITE_TAG, uniqueTags } from './edge-tags';

export interface EdgeTimes {
  /** Seconds a shared cache keeps a page or a JSON answer fresh (PAGE_EDGE_TTL). */
  pageTtl: number;
  /** Seconds a stale copy may be served while the cache fetches a fresh one. */
  staleWhileRevalidate: number;
  /** Seconds a stale copy may be served while every origin fails (at least a day). */
  staleIfError: number;
  /** Seconds an answer naming a tag whose purge is overdue is kept at most. */
  overdueTtl: number;
}

export interface SharedAnswer {
  tags: readonly string[];
  /** Seconds fresh at the edge, when shorter than the page TTL (an unhashed file, a job closing tonight). */
  ttl?: number;
  /** Seconds a browser may keep it without asking (0 unless said). */
  browserTtl?: number;
}

/** The header names the three kinds of cache read tags from; each cache strips them before answering. */
export const TAG_HEADERS = { fastly: 'Surrogate-Key', cloudflare: 'Cache-Tag', varnish: 'xkey' } as const;

const SHAREABLE_STATUS = new Set([200, 301, 404, 410]);
declare module 'koa' {
  interface DefaultState {
    /** The answer declared the same for every visitor, with its tags (`shareAnswer`). */
    sharedAnswer?: SharedAnswer;
    /** The ETag of the answer's content before compression (`identifyContent`). */
    contentHash?: string;
  }
}

/**
 * Names the answer's content before any compression (a kept brotli copy is the same page) and the
 * coding it leaves in: its ETag is built from them, and the body is not hashed again.
 */
export function identifyContent(ctx: Context, hash: string, coding: string): void {
  ctx.state.contentHash = `"${hash}-${coding}"`;
}

/**
 * Declares the answer the same for every visitor, filed under `tags` (plus `site`). Its headers are
 * made once per `answer` object: a route answering often passes the same object each time, and
 * never changes one it passed.
 */
export function shareAnswer(ctx: Context, answer: SharedAnswer): void {
  ctx.state.sharedAnswer = answer;
}

/** Declares the answer one visitor's: never stored by a shared cache, never tagged. */
export function keepPrivate(ctx: Context): void {
  delete ctx.state.sharedAnswer;
  ctx.set('Cache-Control', 'private, no-store');
}

const hasCookie = (ctx: Context) => {
  const cookies = ctx.response.get('Set-Cookie') as string | string[];
  return Array.isArray(cookies) ? cookies.length > 0 : Boolean(cookies);
};

function removeTags(ctx: Context): void {
  for (const name of Object.values(TAG_HEADERS)) ctx.remove(name);
}

function bodyBytes(ctx: Context): Buffer | undefined {
  const { body } = ctx;
  if (typeof body === 'string') return Buffer.from(body);
  if (Buffer.isBuffer(body)) return body;
  if (body !== null && typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe !== 'function') {
    // A JSON answer: serialised here once, so its ETag is that of the bytes sent.
    const json = JSON.stringify(body);
    ctx.body = json;
    return Buffer.from(json);
  }
  return undefined;
}

/**
 * A strong validator of the representation: the body's hash and the coding it leaves in (the kept
 * brotli copy, or what the compression middleware will apply), so a brotli and a gzip copy never
 * share one.
 */
function entityTag(ctx: Context, bytes: Buffer): string {
  const coding =
    ctx.response.get('Content-Encoding') || (bytes.length >= 1024 ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity');
  return `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}-${coding || 'identity'}"`;
}

/**
 * If-None-Match against the answer's ETag (weak comparison, RFC 9110). Unlike `ctx.fresh`, a request's
 * `Cache-Control: no-cache` does not matter here: it asks caches to revalidate, and this is where they do.
 */
function matchesNoneMatch(header: string, etag: string): boolean {
  if (!header || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** A shared answer's headers but its ETag, the same for every request it answers. */
interface AnswerHeaders {
  tags: readonly string[];
  /** The tags as Fastly and Varnish read them, and as Cloudflare does. */
  spaced: string;
  commas: string;
  cacheControl: string;
  /** While a purge of one of its tags is overdue. */
  overdueCacheControl: string;
}

function answerHeaders(times: EdgeTimes, answer: SharedAnswer): AnswerHeaders {
  const tags = uniqueTags([SITE_TAG, ...answer.tags]);
  const cacheControl = (ttl: number) =>
    `public, max-age=${answer.browserTtl ?? 0}, s-maxage=${ttl}, stale-while-revalidate=${times.staleWhileRevalidate}, stale-if-error=${times.staleIfError}`;
  const ttl = answer.ttl ?? times.pageTtl;
  return {
    tags,
    spaced: tags.join(' '),
    commas: tags.join(','),
    cacheControl: cacheControl(ttl),
    overdueCacheControl: cacheControl(Math.min(ttl, times.overdueTtl)),
  };
}

/**
 * The shared answers' headers, inside the compression middleware (it sees the body as sent).
 * `overdue` names the tags of purges not yet delivered: answers naming one are kept briefly.
 */
export function sharedAnswers(times: EdgeTimes, overdue: () => ReadonlySet<string>): Middleware {
  // Built once per answer object: a route that keeps its answers (the JSON reads) gets them made once.
  const headersOf = new WeakMap<SharedAnswer, AnswerHeaders>();
  return async (ctx, next) => {
    await next();
    const answer = ctx.state.sharedAnswer;
    if (!answer || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
    if (hasCookie(ctx) || !SHAREABLE_STATUS.has(ctx.status)) {
      keepPrivate(ctx);
      return;
    }
    let headers = headersOf.get(answer);
    if (!headers) headersOf.set(answer, (headers = answerHeaders(times, answer)));
    const late = overdue();
    const isLate = late.size > 0 && headers.tags.some((tag) => late.has(tag));
    ctx.set('Cache-Control', isLate ? headers.overdueCacheControl : headers.cacheControl);
    ctx.set(TAG_HEADERS.fastly, headers.spaced);
    ctx.set(TAG_HEADERS.cloudflare, headers.commas);
    ctx.set(TAG_HEADERS.varnish, headers.spaced);
    // The ETag a route set, else the one its content was named by, else one from the bytes sent.
    let etag = ctx.response.get('ETag') as string;
    const named = ctx.state.contentHash;
    if (named && !etag) ctx.set('ETag', (etag = named));
    const bytes = etag ? undefined : bodyBytes(ctx);
    if (bytes) ctx.set('ETag', (etag = entityTag(ctx, bytes)));
    if (ctx.status === 200 && matchesNoneMatch(ctx.get('If-None-Match'), etag)) ctx.status = 304;
  };
}

/**
 * Outermost (around the error handler, so error answers pass through it too): an answer no route
 * declared shared keeps its own Cache-Control or gets one that no shared cache stores, and never a
 * tag. A write is never stored; a cookie makes any answer one visitor's.
 */
export function cacheDefaults(): Middleware {
  return async (ctx, next) => {
    await next();
    const shared = /(^|,)\s*public\s*(,|$)/.test(ctx.response.get('Cache-Control'));
    if (hasCookie(ctx) || ctx.status >= 500 || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      if (shared || !ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'private, no-store');
      removeTags(ctx);
      return;
    }
    if (!shared) removeTags(ctx);
    if (!ctx.response.get('Cache-Control')) ctx.set('Cache-Control', 'private, no-cache');
  };
}
