/**
 * One path rule for every file the api serves: the path forms that once reached a build's server
 * bundle, versions that name the releases folder, symlinks, dotfiles and source maps. Each request
 * here is one a visitor can send; each answer is what they see.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { testApp } from '../../test/test-app';
import { writeRemoteBuild } from '../../test/fixture-builds';
import type { App } from '../app';

const siteRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-static-'));
const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-outside-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-static-data-'));
const releasesDir = path.join(dataDir, 'releases');
const SECRET = 'leads database bytes';

beforeAll(() => {
  writeRemoteBuild(siteRoot, 'mf-company');
  const dist = path.join(siteRoot, 'mf-company', 'dist');
  fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'var entry;');
  fs.writeFileSync(path.join(dist, 'remoteEntry.js.map'), '{"sourcesContent":["the whole source"]}');
  fs.writeFileSync(path.join(dist, 'assets', 'a.0123456789.js'), 'var a;');
  fs.writeFileSync(path.join(dist, 'assets', 'a.0123456789.js.map'), '{}');
  fs.writeFileSync(path.join(dist, '.env'), 'TOKEN=1');
  fs.writeFileSync(path.join(outside, 'leads.sqlite'), SECRET);
  fs.symlinkSync(path.join(outside, 'leads.sqlite'), path.join(dist, 'leads.js'));
  fs.symlinkSync(outside, path.join(dist, 'linked'));
  fs.mkdirSync(path.join(releasesDir, 'mf_company'), { recursive: true });
  fs.writeFileSync(path.join(releasesDir, 'history.json'), '{"mf_company":{}}');
  fs.mkdirSync(path.join(siteRoot, 'shell', 'dist', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(siteRoot, 'shell', 'dist', 'assets', 'main.0123456789.js'), 'var main;');
});

const apps: App[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});
function server() {
  const a = testApp({ siteRoot, dataDir, releasesDir });
  apps.push(a);
  return a.koa.callback();
}

describe('static files: one path rule', () => {
  it('still serves the build files a browser asks for', async () => {
    const s = server();
    expect((await request(s).get('/remotes/mf_company/local/remoteEntry.js').expect(200)).text).toBe('var entry;');
    await request(s).get('/remotes/mf_company/local/assets/a.0123456789.js').expect(200);
    await request(s).get('/assets/main.0123456789.js').expect(200);
  });

  it.each([
    '/remotes/mf_company/local/server/index.js',
    '/remotes/mf_company/local//server/index.js',
    '/remotes/mf_company/local/./server/index.js',
    '/remotes/mf_company/local/%2573erver/index.js',
    '/remotes/mf_company/local/%73erver/index.js',
    '/remotes/mf_company/local/assets/../server/index.js',
    '/remotes/mf_company/local/assets/%2e%2e/server/index.js',
    '/remotes/mf_company/local/assets/..%2fserver/index.js',
    '/remotes/mf_company/local/assets%5c..%5cserver/index.js',
  ])('never serves the server bundle: GET %s is 404', async (url) => {
    const res = await request(server()).get(url);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('pageTable');
  });

  it.each(['..', '.', '%2e%2e', '%2E', '.staging-1'])('never serves the releases folder through the version %s', async (version) => {
    const res = await request(server()).get(`/remotes/mf_company/${version}/history.json`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('mf_company":{}');
  });

  it('answers 400 for a path that does not decode', async () => {
    await request(server()).get('/remotes/mf_company/local/%E0%A4%A').expect(400);
    await request(server()).get('/assets/%E0%A4%A').expect(400);
  });

  it('never follows a symlink in a build, to a file or through a folder', async () => {
    const s = server();
    for (const url of ['/remotes/mf_company/local/leads.js', '/remotes/mf_company/local/linked/leads.sqlite']) {
      const res = await request(s).get(url);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(SECRET);
    }
  });

  it('never serves dotfiles or source maps (kept in the build for error tracking)', async () => {
    const s = server();
    for (const url of [
      '/remotes/mf_company/local/.env',
      '/remotes/mf_company/local/%2eenv',
      '/remotes/mf_company/local/remoteEntry.js.map',
      '/remotes/mf_company/local/assets/a.0123456789.js.map',
    ]) {
      await request(s).get(url).expect(404);
    }
    expect(fs.existsSync(path.join(siteRoot, 'mf-company', 'dist', 'remoteEntry.js.map'))).toBe(true);
  });
});
