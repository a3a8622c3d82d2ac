/**
 * Every build a tab may still need stays reachable across a server deploy: the shell's browser files
 * and each remote's checkout build are stored when an instance starts, so after the checkout is
 * rebuilt and the server started again on the same data, the files the old pages named still answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { RemoteEntry } from '@cardlift/contracts';
import { createApp, type App } from '../app';
import { loadConfig } from '../app-config';
import { writeFixtureSite } from '../../test/fixture-builds';

const siteRoot = writeFixtureSite();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-deploy-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, SITE_ROOT: siteRoot, DATABASE_URL: '' }), logLevel: 'silent' };
const shellDist = path.join(siteRoot, 'shell', 'dist');
const companyDist = path.join(siteRoot, 'mf-company', 'dist');

/** What a shell build writes beside its assets (the api reads its start from them). */
function writeShellStart(chunk: string): void {
  fs.writeFileSync(
    path.join(shellDist, 'startup-assets.json'),
    JSON.stringify({ js: [], css: [], entry: { js: [`assets/${chunk}`], css: [] }, fonts: [] }),
  );
}

async function started(): Promise<App> {
  const app = createApp({ config });
  await app.start();
  return app;
}

const companyBase = async (app: App) =>
  ((await request(app.koa.callback()).get('/api/remotes').expect(200)).body as RemoteEntry[])
    .find((entry) => entry.name === 'mf_company')!
    .entry.replace(/mf-manifest\.json$/, '');

it("serves the files old pages named after the shell and a section's checkout are rebuilt and the server restarted", async () => {
  writeShellStart('main.0123456789.js');
  const before = await started();
  const oldCompany = await companyBase(before);
  expect(oldCompany).not.toContain('/local/');
  await request(before.koa.callback()).get('/company/careers').expect(200);
  await before.close();

  // The deploy: a new shell whose lazy chunk changed, and mf-company rebuilt with a change.
  fs.rmSync(path.join(shellDist, 'assets', 'main.0123456789.js'));
  fs.writeFileSync(path.join(shellDist, 'assets', 'main.9876543210.js'), 'console.log(2)');
  writeShellStart('main.9876543210.js');
  fs.writeFileSync(path.join(companyDist, 'remoteEntry.js'), 'var changed;');
  fs.writeFileSync(path.join(companyDist, 'mf-manifest.json'), fs.readFileSync(path.join(companyDist, 'mf-manifest.json')));

  const after = await started();
  try {
    const server = after.koa.callback();
    const newCompany = await companyBase(after);
    expect(newCompany).not.toEqual(oldCompany);
    // The old tab's files, as it asks for them.
    expect((await request(server).get('/assets/main.0123456789.js').expect(200)).text).toBe('console.log(1)');
    expect((await request(server).get(`${oldCompany}remoteEntry.js`).expect(200)).text).toBe('var x;');
    // The new pages' files.
    expect((await request(server).get('/assets/main.9876543210.js').expect(200)).text).toBe('console.log(2)');
    expect((await request(server).get(`${newCompany}remoteEntry.js`).expect(200)).text).toBe('var changed;');
    // A file no build ever had is still 404.
    await request(server).get('/assets/main.1111111111.js').expect(404);
  } finally {
    await after.close();
  }
});
