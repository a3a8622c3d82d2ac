/**
 * The editor's page as a browser and a crawler get it: the build's hashed files, noindex in the
 * header and the page, its own strict CSP (not the site's), never cached; 503 saying what to run
 * when the editor is not built; and never in the sitemap, kept out by robots.txt.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { EDITOR_MANIFEST_FILE } from '@cardlift/contracts';
import { testApp } from '../../test/test-app';
import type { App } from '../app';
import { EDITOR_CONTENT_SECURITY_POLICY } from './editor-app.router';

const built = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-editor-built-'));
const unbuilt = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-editor-unbuilt-'));

beforeAll(() => {
  const dist = path.join(built, 'editor', 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'var editor;');
  fs.writeFileSync(path.join(dist, 'assets', 'main.abcdef0123.css'), 'body{}');
  fs.writeFileSync(
    path.join(dist, EDITOR_MANIFEST_FILE),
    JSON.stringify({ scripts: ['assets/main.0123456789.js'], styles: ['assets/main.abcdef0123.css'] }),
  );
});

const apps: App[] = [];
const appFor = (siteRoot: string) => {
  const app = testApp({ siteRoot });
  apps.push(app);
  return app.koa.callback();
};
afterAll(async () => {
  for (const app of apps) await app.close();
});

describe('GET /editor', () => {
  it.each(['/editor', '/editor/blog/offers-api-announcement', '/editor/set-password'])(
    '%s answers the editor page, noindex, with its own CSP',
    async (url) => {
      const res = await request(appFor(built)).get(url);
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe(EDITOR_CONTENT_SECURITY_POLICY);
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "base-uri 'none'",
      ])
        expect(csp).toContain(directive);
      expect(csp).not.toContain('unsafe-inline');
      expect(res.text).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(res.text).toContain('<script defer src="/editor/assets/main.0123456789.js"></script>');
      expect(res.text).toContain('<link rel="stylesheet" href="/editor/assets/main.abcdef0123.css">');
      // Nothing inline the policy would refuse.
      expect(res.text).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle=/);
    },
  );

  it('serves the hashed files immutable, without the page policies', async () => {
    const res = await request(appFor(built)).get('/editor/assets/main.0123456789.js');
    expect(res.status).toBe(200);
    expect(res.text).toBe('var editor;');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect((await request(appFor(built)).get('/editor/assets/missing.0123456789.js')).status).toBe(404);
  });

  it('answers 503 saying to run the build when the editor is not built', async () => {
    const res = await request(appFor(unbuilt)).get('/editor');
    expect(res.status).toBe(503);
    expect(res.text).toContain('npm run build');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});

describe('crawlers', () => {
  it('are kept out of /editor by robots.txt, and the sitemap never lists it', async () => {
    const robots = await request(appFor(built)).get('/robots.txt');
    expect(robots.text).toContain('Disallow: /editor\n');
    const sitemap = await request(appFor(built)).get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain('<urlset');
    expect(sitemap.text).not.toContain('/editor');
  }, 60_000);
});
