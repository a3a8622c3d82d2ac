/**
 * One snapshot per page view: a page sent before a release that renames a menu link fetches its
 * menus naming its own builds, and gets the links its HTML was drawn with, while a page sent after
 * the release gets the new ones.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { BootData, SiteNavigation } from '@cardlift/contracts';
import { createApp } from '../app';
import { loadConfig } from '../app-config';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite } from '../../test/test-app';
import { DirectoryArtifactStore } from '../artifacts/artifact-store';

const siteRoot = writeFixtureSite();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-snapshot-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, SITE_ROOT: siteRoot, DATABASE_URL: '' }), logLevel: 'silent' };
const app = startedForSuite(createApp({ config }));
const server = app.koa.callback();

const RENAMED = '2.0.0-renamed0001';

/** mf_company's build with its Careers link renamed "Join us": a release that renames a menu link. */
function storeRenamedCompanyBuild(): Promise<boolean> {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-renamed-'));
  fs.cpSync(path.join(siteRoot, 'mf-company', 'dist'), build, { recursive: true });
  const bundle = path.join(build, 'server', 'index.js');
  const original = fs.readFileSync(bundle, 'utf8');
  fs.writeFileSync(
    bundle,
    original
      .replace(
        'exports.pageTable = require(',
        'const renamed = (t) => ({ ...t, pages: t.pages.map((p) => (p.nav && p.nav.label === "Careers" ? { ...p, nav: { ...p.nav, label: "Join us" } } : p)) });\nexports.pageTable = renamed(require(',
      )
      .replace(').remoteMeta;', ').remoteMeta);'),
  );
  return new DirectoryArtifactStore(config.releasesDir).put('mf_company', RENAMED, build);
}

const bootData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="cardlift-boot">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as BootData;
const navigationHref = (boot: BootData) =>
  boot.preload.find((file) => file.as === 'fetch' && file.href.startsWith('/api/navigation'))?.href;
const companyLabels = async (href: string) =>
  ((await request(server).get(href).expect(200)).body as SiteNavigation).header.company.map((link) => link.label);

it("answers a page's menus from the builds it was rendered with, across a release that renames a link", async () => {
  const before = await request(server).get('/company/careers').expect(200);
  const asked = navigationHref(bootData(before.text));
  expect(asked).toMatch(/^\/api\/navigation\?builds=/);
  expect(await companyLabels(asked!)).toEqual(['About Us', 'Careers']);

  await storeRenamedCompanyBuild();
  const store = await app.registryStore();
  await store.commit({
    remote: 'mf_company',
    expectedRevision: (await store.state('mf_company')).revision,
    current: RENAMED,
    // The current version is always a stored release (the store's invariants).
    upsert: [
      {
        remote: 'mf_company',
        version: RENAMED,
        state: 'released',
        position: 1,
        createdAt: new Date().toISOString(),
        createdBy: 'cli',
        gitSha: null,
        rolledBackAt: null,
      },
    ],
    events: [],
  });
  await app.registry.refresh();

  // The old page's request, made after the release went live: still its own links.
  expect(await companyLabels(asked!)).toEqual(['About Us', 'Careers']);
  // A page sent now names the new build, and so gets the new link.
  const after = navigationHref(bootData((await request(server).get('/company/careers').expect(200)).text));
  expect(after).not.toEqual(asked);
  expect(await companyLabels(after!)).toEqual(['About Us', 'Join us']);
  expect(await companyLabels('/api/navigation')).toEqual(['About Us', 'Join us']);
});

it('answers one short 404, kept by no cache, for builds it does not have and names that are not builds', async () => {
  for (const builds of ['mf_company%400.0.0-gone000000', 'mf_company%40..%2F..%2Fetc,nonsense,%40x', 'mf_nothing%401.0.0-ab12cd34ef', '']) {
    const answer = await request(server).get(`/api/navigation?builds=${builds}`);
    expect(answer.status).toBe(404);
    expect(answer.headers['cache-control']).toMatch(/no-store|private/);
    expect(answer.text.length).toBeLessThan(200);
  }
  // Without `builds`, the live menus.
  expect(await companyLabels('/api/navigation')).toEqual(['About Us', 'Join us']);
});
