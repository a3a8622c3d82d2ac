/**
 * Requests a visitor or a scanner can send that once got a 500, a 501, a CORS grant by header, or an
 * id of their own choosing in the logs. (The canonical URL of `//evil.example/x`: site.test.ts.)
 */
import request from 'supertest';
import { testApp } from '../../test/test-app';
import type { App } from '../app';

const apps: App[] = [];
const server = (...args: Parameters<typeof testApp>) => {
  const a = testApp(...args);
  apps.push(a);
  return a.koa.callback();
};
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe('requests no route could answer', () => {
  it.each(['/blog/%E0%A4%A', '/api/blog/%E0%A4%A', '/%', '/company/%00'])('GET %s is 400, not a 500', async (url) => {
    const res = await request(server()).get(url).expect(400);
    expect(res.body).toEqual({ error: 'The request path is not valid', code: 'malformed_path' });
  });

  it.each(['PURGE', 'PUT', 'DELETE', 'PATCH', 'TRACE'])('%s /api/health is 405 with the methods the site answers', async (method) => {
    const res = await request(server())[method === 'PURGE' ? 'purge' : (method.toLowerCase() as 'put')]('/api/health');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
  });
});

describe('forwarded headers', () => {
  const evil = 'https://evil.example';
  it("grant no CORS origin with no trusted proxy (X-Forwarded-Host and -Proto are the client's words)", async () => {
    const res = await request(server())
      .get('/api/banners')
      .set('Origin', evil)
      .set('X-Forwarded-Host', 'evil.example')
      .set('X-Forwarded-Proto', 'https');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('grant no CORS origin behind a trusted proxy either: the own origin is SITE_URL, never the forwarded host', async () => {
    const res = await request(server({ trustProxyHops: 1 }))
      .get('/api/banners')
      .set('Origin', 'https://www.example.org')
      .set('X-Forwarded-Host', 'www.example.org')
      .set('X-Forwarded-Proto', 'https');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('X-Request-Id', () => {
  it.each(['0f8fad5b-d9cb-469f-a165-70867728950e', '4bf92f3577b34da6a3ce929d0e0e4736'])('keeps a well-formed id %s', async (id) => {
    const res = await request(server()).get('/api/health').set('X-Request-Id', id);
    expect(res.headers['x-request-id']).toBe(id);
  });

  it.each(['admin', 'x', 'a'.repeat(64), 'evil"id', '0f8fad5b-d9cb-469f-a165-70867728950e-extra'])(
    'replaces %s with an id of its own',
    async (id) => {
      const res = await request(server()).get('/api/health').set('X-Request-Id', id);
      expect(res.headers['x-request-id']).not.toBe(id);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    },
  );
});
