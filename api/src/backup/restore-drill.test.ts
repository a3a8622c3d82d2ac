/**
 * The restore drill: an instance with a released section is backed up, the archive restored into a
 * fresh data folder and a fresh RELEASES_DIR, and the restored instance serves every section (each
 * section's remoteEntry.js answers, /api/ready is 200). A build the registry names that neither the
 * archive nor RELEASES_DIR holds makes the restore fail naming it, and /api/ready 503 naming it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { RemoteEntry } from '@cardlift/contracts';
import { createApp, type App } from '../app';
import { loadConfig } from '../app-config';
import { writeReleasableSite } from '../../test/fixture-builds';
import { releasableBuild } from '../../test/release-bombs';
import { shellManifest } from '../releases/test-fixtures';
import { backup } from './backup-cli';
import { restore } from './restore-cli';

jest.setTimeout(120_000);
const TOKEN = 'invest-token';
const siteRoot = writeReleasableSite(shellManifest);
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-restore-drill-'));
const configOf = (name: string) => ({
  ...loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    SITE_ROOT: siteRoot,
    DATA_DIR: path.join(root, name, 'data'),
    RELEASES_DIR: path.join(root, name, 'releases'),
    DATABASE_URL: '',
    RELEASE_TOKEN_MF_INVEST: crypto.createHash('sha256').update(TOKEN).digest('hex'),
  }),
  logLevel: 'silent' as const,
});

const opened: App[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
});

async function started(config: ReturnType<typeof configOf>): Promise<App> {
  const app = createApp({ config });
  opened.push(app);
  await app.start();
  return app;
}

/** An instance on `config` with mf_invest released; answers the version released. */
async function releasedInstance(config: ReturnType<typeof configOf>): Promise<string> {
  const app = await started(config);
  const released = await request(app.koa.callback())
    .post('/api/releases/mf_invest')
    .set('Authorization', `Bearer ${TOKEN}`)
    .set('Content-Type', 'application/gzip')
    .send(releasableBuild(crypto.randomUUID()))
    .expect(201);
  await app.close();
  opened.splice(opened.indexOf(app), 1);
  return (released.body as { version: string }).version;
}

it('restores into a fresh data folder a site that serves every section, the released one included', async () => {
  const source = configOf('source');
  const version = await releasedInstance(source);
  const archive = path.join(root, 'drill.tar.gz');
  const made = await backup(source, archive);
  expect(made.missing).toEqual([]);

  const target = configOf('target');
  const done = await restore(target, archive);
  expect(done.builds).toBeGreaterThanOrEqual(1);
  const app = await started(target);
  const server = app.koa.callback();
  await request(server).get('/api/ready').expect(200);
  const entries = (await request(server).get('/api/remotes').expect(200)).body as RemoteEntry[];
  expect(entries.find((e) => e.name === 'mf_invest')!.entry).toContain(version);
  for (const entry of entries) {
    const remoteEntry = entry.entry.replace(/mf-manifest\.json$/, 'remoteEntry.js');
    expect([entry.name, (await request(server).get(remoteEntry)).status]).toEqual([entry.name, 200]);
  }
  await request(server).get('/invest').expect(200);
});

it('fails a restore that leaves a named build missing, and the instance says it is not ready, naming it', async () => {
  const source = configOf('lost');
  const version = await releasedInstance(source);
  // The build lost before the backup (a RELEASES_DIR never mounted): the archive cannot hold it.
  fs.rmSync(path.join(source.releasesDir, 'mf_invest', version), { recursive: true });
  const archive = path.join(root, 'lost.tar.gz');
  const made = await backup(source, archive);
  expect(made.missing).toEqual([{ remote: 'mf_invest', version, why: 'current' }]);

  const target = configOf('lost-target');
  await expect(restore(target, archive)).rejects.toThrow(`the site is not whole`);
  await expect(restore(configOf('lost-again'), archive)).rejects.toThrow(`mf_invest ${version} (current)`);
  const app = await started(target);
  const ready = await request(app.koa.callback()).get('/api/ready').expect(503);
  expect(ready.body).toEqual({
    code: 'builds_missing',
    error: `The current build of mf_invest ${version} is missing from the artifact store`,
  });
});
