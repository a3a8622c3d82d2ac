/**
 * The release API's gate: tokens scoped per remote, uploads checked before anything is stored
 * (type, size, paths that leave the folder, links), and refusals that leave the registry as it was.
 * The whole release path (checks, server render, other instances following) runs in the browser suite.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import { loadConfig } from '../app-config';

const TOKEN = 'invest-token';
const OTHER = 'company-token';
const sha = (t: string) => crypto.createHash('sha256').update(t).digest('hex');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-release-api-'));
const config = loadConfig({
  ...process.env,
  SITE_ROOT: root,
  DATA_DIR: path.join(root, 'data'),
  RELEASE_TOKEN_MF_INVEST: sha(TOKEN),
  RELEASE_TOKEN_MF_COMPANY: sha(OTHER),
  RELEASE_MAX_BYTES: '2000',
  LOG_LEVEL: 'silent',
});
const app = createApp({ config });
const server = app.koa.callback();
beforeAll(() => app.start());
afterAll(() => app.close());

function archive(name: string, build: (dir: string) => void, tarArgs: (dir: string) => string[]): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-tar-'));
  build(dir);
  const file = path.join(dir, '..', `${path.basename(dir)}-${name}.tgz`);
  execFileSync('tar', ['czf', file, ...tarArgs(dir)], { stdio: 'ignore' });
  return fs.readFileSync(file);
}
const upload = (remote: string, body: Buffer | string, token?: string, type = 'application/gzip') => {
  const req = request(server).post(`/api/releases/${remote}`).set('Content-Type', type);
  return (token ? req.set('Authorization', `Bearer ${token}`) : req).send(body);
};
const plain = archive(
  'plain',
  (d) => fs.writeFileSync(path.join(d, 'mf-manifest.json'), '{}'),
  (d) => ['-C', d, '.'],
);

describe('release API access', () => {
  it("answers 401 without a token or with an unknown one, 403 with another remote's, 404 where no token is configured", async () => {
    expect((await upload('mf_invest', plain)).status).toBe(401);
    expect((await upload('mf_invest', plain, 'guess')).status).toBe(401);
    const forbidden = await upload('mf_invest', plain, OTHER);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('This token releases mf_company, not mf_invest');
    expect((await upload('mf_marketing', plain, TOKEN)).status).toBe(404);
    expect((await upload('mf_nothing', plain, TOKEN)).status).toBe(404);
    expect((await request(server).get('/api/releases/mf_invest').set('Authorization', `Bearer ${OTHER}`)).status).toBe(403);
  });

  it('lists releases for the right token, never cached', async () => {
    const res = await request(server).get('/api/releases/mf-invest').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.body).toEqual({ current: null, canary: null, releases: [], scheduled: null, lastSchedule: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('release uploads', () => {
  it('refuses another content type with 415 and an upload over the cap with 413', async () => {
    expect((await upload('mf_invest', 'hello', TOKEN, 'text/plain')).status).toBe(415);
    const big = crypto.randomBytes(5000);
    const res = await upload('mf_invest', big, TOKEN);
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('A release upload may be 2000 bytes at most');
  });

  it('refuses an archive with a path leaving its folder, or a link, and stores nothing', async () => {
    const escaping = archive(
      'escape',
      (d) => fs.writeFileSync(path.join(d, 'evil.txt'), 'x'),
      (d) => ['-P', '-C', d, '--transform', 's,^,../,', 'evil.txt'],
    );
    const res = await upload('mf_invest', escaping, TOKEN);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/\.\.\/evil\.txt: the path leaves the build folder/);

    const linked = archive(
      'link',
      (d) => fs.symlinkSync(path.join(config.dataDir, 'leads.sqlite'), path.join(d, 'leads')),
      (d) => ['-C', d, '.'],
    );
    const link = await upload('mf_invest', linked, TOKEN);
    expect(link.status).toBe(400);
    expect(link.body.error).toMatch(/SymbolicLink entries are not accepted/);
    expect(fs.existsSync(path.join(config.releasesDir, 'mf_invest'))).toBe(false);
  });

  it('refuses something that is not a tar', async () => {
    const res = await upload('mf_invest', Buffer.from('not a tarball at all'), TOKEN);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/not a gzipped tar/);
  });

  it('refuses a build that is not a remote, leaving the registry as it was', async () => {
    const res = await upload('mf_invest', plain, TOKEN);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/mf_invest was not released, the registry is unchanged/);
    const listing = await request(server).get('/api/releases/mf_invest').set('Authorization', `Bearer ${TOKEN}`);
    expect(listing.body).toEqual({ current: null, canary: null, releases: [], scheduled: null, lastSchedule: null });
  });

  it('refuses a rollback with nothing to go back to, and a malformed version', async () => {
    const back = await request(server).post('/api/releases/mf_invest/rollback').set('Authorization', `Bearer ${TOKEN}`).send({});
    expect(back.status).toBe(409);
    expect(back.body.error).toMatch(/no releases yet/);
    const bad = await request(server)
      .post('/api/releases/mf_invest/promote')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send({ version: '../..' });
    expect(bad.status).toBe(400);
  });
});
