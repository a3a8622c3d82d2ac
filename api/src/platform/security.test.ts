/** Headers, CORS, health/ready and file serving through the public surface. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { siteConfig } from '@cardlift/contracts';
import { testApp } from '../../test/test-app';
import type { App } from '../app';

const apps: App[] = [];
const make = (...args: Parameters<typeof testApp>) => {
  const a = testApp(...args);
  apps.push(a);
  return a;
};
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe('security headers', () => {
  it('are on success and error answers, with no x-powered-by and no HSTS outside production', async () => {
    const server = make().koa.callback();
    for (const [url, status] of [
      ['/api/casestudies', 200],
      ['/api/casestudies/nope', 404],
      ['/api/nothing', 404],
    ] as const) {
      const res = await request(server).get(url).expect(status);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Framing refused by the CSP alone: X-Frame-Options is superseded by frame-ancestors everywhere.
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('leaves the document-only policies off scripts, stylesheets and fonts, and gives SVG, which can be opened as a document, a strict policy of its own', async () => {
    const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-site-'));
    const assets = path.join(siteRoot, 'shell', 'dist', 'assets');
    fs.mkdirSync(assets, { recursive: true });
    for (const file of ['main.0123456789.js', 'main.0123456789.css', 'inter.0123456789.woff2'])
      fs.writeFileSync(path.join(assets, file), 'x');
    const server = make({ siteRoot }).koa.callback();
    for (const url of ['/assets/main.0123456789.js', '/assets/main.0123456789.css', '/assets/inter.0123456789.woff2']) {
      const res = await request(server).get(url).expect(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['permissions-policy']).toBeUndefined();
    }
    // An SVG opened on its own may run nothing and load nothing: a policy of its own, stricter than a page's.
    const svg = await request(server).get('/content-images/logos/sling-tv.svg').expect(200);
    const policy = String(svg.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/(^|; )sandbox($|;)/);
    expect(policy).not.toContain('script-src');
    expect(policy.length).toBeLessThan(100);
    expect(svg.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends HSTS in production', async () => {
    const res = await request(make({ production: true }).koa.callback())
      .get('/api/health')
      .expect(200);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('CSP allows exactly self, the public origin and the registered remote origins, and frames only the demo video origin', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-remotes-'));
    const remotesFile = path.join(dir, 'remotes.json');
    fs.writeFileSync(
      remotesFile,
      JSON.stringify([
        { name: 'mf_marketing', entry: 'https://cdn.example.net/mf_marketing/1.0.0/mf-manifest.json', version: '1.0.0' },
        { name: 'mf_invest', entry: 'http://localhost:3104/mf-manifest.json', version: 'dev' },
      ]),
    );
    const res = await request(make({ remotesFile }).koa.callback()).get('/api/health');
    const csp = Object.fromEntries(
      String(res.headers['content-security-policy'])
        .split('; ')
        .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    // The public origin (SITE_URL) too: behind a CDN the page may reach the api on another host.
    const code = `'self' ${siteConfig.siteUrl} http://localhost:3104 https://cdn.example.net`;
    expect(csp['script-src']).toBe(code);
    expect(csp['style-src']).toBe(code);
    expect(csp['style-src-attr']).toBe("'unsafe-inline'");
    // A dev server on this machine may also live-reload over a WebSocket; a CDN origin gets no socket.
    expect(csp['connect-src']).toBe(`${code} ws://localhost:3104`);
    expect(csp['img-src']).toBe(`${code} data:`);
    // Fonts (and connections, without a dev server) follow default-src.
    expect(csp['font-src']).toBeUndefined();
    expect(csp['default-src']).toBe(code);
    expect(csp['object-src']).toBe("'none'");
    expect(csp['frame-src']).toBe(new URL(siteConfig.invest.demoVideoEmbedUrl).origin);
  });
});

describe('CORS', () => {
  it('answers the site origin and remote origins, and nobody else', async () => {
    const server = make({}).koa.callback();
    const site = new URL(siteConfig.siteUrl).origin;
    const ok = await request(server).get('/api/banners').set('Origin', site).expect(200);
    expect(ok.headers['access-control-allow-origin']).toBe(site);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const evil = await request(server).get('/api/banners').set('Origin', 'https://evil.example').expect(200);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(server)
      .options('/api/contact')
      .set('Origin', site)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')
      .expect(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const evilPreflight = await request(server)
      .options('/api/contact')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(evilPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers an origin of the registry', async () => {
    const prev = process.env.REMOTE_MF_COMPANY_ENTRY;
    process.env.REMOTE_MF_COMPANY_ENTRY = 'http://localhost:3103/mf-manifest.json';
    try {
      const res = await request(make().koa.callback()).get('/api/jobs').set('Origin', 'http://localhost:3103');
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3103');
    } finally {
      if (prev === undefined) delete process.env.REMOTE_MF_COMPANY_ENTRY;
      else process.env.REMOTE_MF_COMPANY_ENTRY = prev;
    }
  });
});

describe('health and readiness', () => {
  it('health answers while alive; ready answers 503 once shutting down', async () => {
    const app = make();
    const server = app.koa.callback();
    await request(server).get('/api/health').expect(200, { status: 'ok' });
    await request(server).get('/api/ready').expect(200, { status: 'ready' });
    app.lifecycle.shuttingDown = true;
    await request(server).get('/api/health').expect(200);
    await request(server).get('/api/ready').expect(503, { error: 'Shutting down', code: 'shutting_down' });
  });

  it('ready answers 503 when the database is unreachable', async () => {
    const app = make();
    await (await app.leads()).close();
    await request(app.koa.callback()).get('/api/ready').expect(503, { error: 'Database unavailable', code: 'database_unavailable' });
  });
});

describe('files', () => {
  it('serves content images, never dotfiles or paths outside the root', async () => {
    const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-content-'));
    fs.cpSync(make().config.contentDir, contentDir, { recursive: true });
    fs.writeFileSync(path.join(contentDir, 'images', '.secret'), 'dotfile');
    fs.writeFileSync(path.join(contentDir, 'outside.txt'), 'outside');
    const server = make({ contentDir }).koa.callback();
    await request(server).get('/content-images/logos/sling-tv.svg').expect(200).expect('Content-Type', /svg/);
    for (const url of [
      '/content-images/.secret',
      '/content-images/../outside.txt',
      '/content-images/%2e%2e/outside.txt',
      '/content-images/..%2foutside.txt',
      '/content-images/logos/..%2f..%2foutside.txt',
      '/content-images/%2e%2e%2f%2e%2e%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
    ]) {
      const res = await request(server).get(url);
      expect([400, 403, 404]).toContain(res.status);
      expect(res.text).not.toMatch(/dotfile|outside|"workspaces"/);
    }
  });
});
