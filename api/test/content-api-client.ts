/** Content-API tokens and calls for tests: an editor and a publisher, configured as the README says. */
import request from 'supertest';
import type { ContentToken } from '../src/platform/config';
import { sha256Hex } from '../src/platform/token-hash';

export const EDITOR_TOKEN = 'editor-token-for-tests';
export const PUBLISHER_TOKEN = 'publisher-token-for-tests';

export const CONTENT_TOKENS: ContentToken[] = [
  { name: 'CONTENT_TOKEN_EDITOR', hash: sha256Hex(EDITOR_TOKEN), role: 'editor' },
  { name: 'CONTENT_TOKEN_PUBLISHER', hash: sha256Hex(PUBLISHER_TOKEN), role: 'publisher' },
];

type Server = Parameters<typeof request>[0];

/** A request made once its headers are known, still chainable with supertest's `.expect(...)`. */
interface Deferred extends PromiseLike<request.Response> {
  /** Any of supertest's `expect` forms (a status, a header, a body, a function). */
  expect(...args: unknown[]): Deferred;
}

// The Test is held in an object: a promise resolving to the Test itself would run it (it is a thenable).
function deferred(held: Promise<{ test: request.Test }>): Deferred {
  return {
    expect: (...args) => deferred(held.then(({ test }) => ({ test: (test.expect as (...a: unknown[]) => request.Test)(...args) }))),
    then: (onDone, onError) => held.then(({ test }) => test).then(onDone, onError),
  };
}

/**
 * Calls of the content API as the publisher (or `token`), as a careful script makes them: each write
 * names the revision it is based on, the ETag a GET of the item answers just before (If-None-Match: *
 * for an item that does not exist yet). Tests of the preconditions themselves send their own headers.
 */
export function contentApi(server: Server, token = PUBLISHER_TOKEN) {
  const auth = { Authorization: `Bearer ${token}` };
  const base = async (path: string): Promise<Record<string, string>> => {
    const res = await request(server).get(`/api/content/${path}`).set(auth);
    return res.status === 404 ? { 'If-None-Match': '*' } : { 'If-Match': String(res.headers.etag) };
  };
  return {
    get: (path: string) => request(server).get(`/api/content/${path}`).set(auth),
    save: (path: string, body: object) =>
      deferred(base(path).then((headers) => ({ test: request(server).put(`/api/content/${path}`).set(auth).set(headers).send(body) }))),
    publish: (path: string, body: object = {}) =>
      deferred(
        base(path).then((headers) => ({ test: request(server).post(`/api/content/${path}/publish`).set(auth).set(headers).send(body) })),
      ),
    unpublish: (path: string, body?: object) =>
      deferred(
        base(path).then((headers) => {
          const test = request(server).post(`/api/content/${path}/unpublish`).set(auth).set(headers);
          return { test: body ? test.send(body) : test };
        }),
      ),
    restore: (path: string, revision: number) =>
      deferred(
        base(path).then((headers) => ({
          test: request(server).post(`/api/content/${path}/restore`).set(auth).set(headers).send({ revision }),
        })),
      ),
  };
}

/** Resolves once `check` holds (polled every 25 ms), or fails after `timeoutMs`. Returns the time it took. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
