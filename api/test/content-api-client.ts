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

/** Calls of the content API as the publisher (or `token`). */
export function contentApi(server: Server, token = PUBLISHER_TOKEN) {
  const auth = { Authorization: `Bearer ${token}` };
  return {
    get: (path: string) => request(server).get(`/api/content/${path}`).set(auth),
    save: (path: string, body: object) => request(server).put(`/api/content/${path}`).set(auth).send(body),
    publish: (path: string, body: object = {}) => request(server).post(`/api/content/${path}/publish`).set(auth).send(body),
    unpublish: (path: string) => request(server).post(`/api/content/${path}/unpublish`).set(auth),
    restore: (path: string, revision: number) => request(server).post(`/api/content/${path}/restore`).set(auth).send({ revision }),
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
