/**
 * A release carries its whole page. The company team changes the About page's title and adds a page,
 * builds its remote alone and sends it to the running site through the release API with its own
 * token: the next request has the new title, the new page answers 200 with its own head tags, server
 * HTML and sitemap entry, and every page's Company menu and footer link to it. A rollback takes all of it back, and a rollback after the first release
 * returns to the build the site served before it.
 * The changed remote is a copy of mf-company in a scratch folder; no tracked file is modified.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { releaseCli, runCommand as run } from './support/release-cli';
import { REPO_ROOT, servedVersion, startSite, waitForVersion, type Site } from './support/site';

const TOKEN = crypto.randomBytes(16).toString('hex');
const scratch = path.join(REPO_ROOT, '.e2e-artifacts', `mf-company-next-${process.pid}`);
const builtDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-company-next-'));
const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-releases-'));
let site: Site;

/** A copy of mf-company whose About page has a new title and which adds /company/partners, listed in the Company menu. */
function writeChangedRemote(): void {
  fs.rmSync(scratch, { recursive: true, force: true });
  fs.mkdirSync(scratch, { recursive: true });
  for (const entry of ['src', 'package.json', 'rspack.config.ts', 'module-federation.config.ts', 'postcss.config.mjs']) {
    fs.cpSync(path.join(REPO_ROOT, 'mf-company', entry), path.join(scratch, entry), { recursive: true });
  }
  const metaFile = path.join(scratch, 'src', 'meta.ts');
  const meta = fs.readFileSync(metaFile, 'utf8');
  const changed = meta
    .replace("path: '/company/about-us',\n    title: 'About Us',", "path: '/company/about-us',\n    title: 'About our team',")
    .replace(
      'export const pages = {',
      "export const pages = {\n  partners: { path: '/company/partners', title: 'Our partners', description: 'The banks and brands Cardlift works with.', nav: { menu: 'company', order: 3, label: 'Partners', description: 'Banks and brands we work with' } },",
    );
  expect(changed).toContain('About our team');
  fs.writeFileSync(metaFile, changed);
  const routesFile = path.join(scratch, 'src', 'routes.tsx');
  fs.writeFileSync(
    routesFile,
    fs
      .readFileSync(routesFile, 'utf8')
      .replace(
        '<Route path="*"',
        '<Route path={pages.partners.path} element={<section><h1>Partners of Cardlift</h1></section>} />\n      <Route path="*"',
      ),
  );
}

const html = async (p: string) => {
  const response = await fetch(`${site.baseUrl}${p}`);
  return { status: response.status, text: await response.text() };
};
const titleOf = (text: string) => /<title>([^<]*)<\/title>/.exec(text)?.[1];
/** Whether the page's server HTML links to the partners page (the header's Company panel and the footer both do once listed). */
const linksToPartners = async (p: string) => ((await html(p)).text.match(/<a[^>]*href="\/company\/partners"/g) ?? []).length;
const sitemap = async () => (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
const cli = releaseCli('mf-company', () => ({ RELEASE_TOKEN: TOKEN, DATA_DIR: site.dataDir, RELEASES_DIR: releasesDir }));

beforeAll(async () => {
  writeChangedRemote();
  const built = await run(
    'npx',
    ['rspack', 'build', '-c', path.join(scratch, 'rspack.config.ts')],
    { CARDLIFT_BUILD_DIR: builtDir },
    scratch,
  );
  if (built.code !== 0) throw new Error(`building the changed remote failed:\n${built.stderr}${built.stdout}`);
  const hash = crypto.createHash('sha256').update(TOKEN).digest('hex');
  site = await startSite({ RELEASES_DIR: releasesDir, RELEASE_TOKEN_MF_COMPANY: hash });
}, 240_000);

afterAll(async () => {
  await site?.stop();
  for (const dir of [scratch, builtDir, releasesDir]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a release that adds a page and changes a title', () => {
  let released = '';

  it('is not there before the release', async () => {
    expect(await html('/company/partners')).toMatchObject({ status: 404 });
    expect(titleOf((await html('/company/about-us')).text)).toBe('About Us | Cardlift');
    expect(await sitemap()).not.toContain('/company/partners');
    expect(await linksToPartners('/')).toBe(0);
  });

  it('is served whole on the next request after the release API accepts it', async () => {
    const result = await cli('release', ['--from-dir', builtDir, '--to', site.baseUrl]);
    expect(result.stderr).toBe('');
    released = /Released mf_company (\S+) on/.exec(result.stdout)?.[1] ?? '';
    expect(released).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    await waitForVersion(site.baseUrl, 'mf_company', released);

    const about = await html('/company/about-us');
    expect(about.status).toBe(200);
    expect(titleOf(about.text)).toBe('About our team | Cardlift');
    expect(about.text).toContain('<meta property="og:title" content="About our team | Cardlift">');

    const partners = await html('/company/partners');
    expect(partners.status).toBe(200);
    expect(titleOf(partners.text)).toBe('Our partners | Cardlift');
    expect(partners.text).toContain('<meta name="description" content="The banks and brands Cardlift works with.">');
    expect(partners.text).toMatch(/<h1[^>]*>Partners of Cardlift<\/h1>/);
    expect(await sitemap()).toContain('<loc>https://www.cardlift.example/company/partners</loc>');
    // Listed in the Company menu and the footer of every page, another section's included.
    expect(await linksToPartners('/')).toBe(2);
    expect(await linksToPartners('/blog')).toBe(2);
  });

  it('is gone again after a rollback, which returns to the build served before the first release', async () => {
    const listing = await cli('releases', ['--site', site.baseUrl]);
    expect(listing.stdout).toContain(`* ${released}`);
    const baseline = /^ {2}(\S+)/m.exec(listing.stdout.split('\n').slice(1).join('\n'))?.[1];
    expect(baseline).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);

    const result = await cli('rollback', ['--site', site.baseUrl]);
    expect(result.stdout).toContain(`Rolled mf_company back from ${released} to ${baseline}`);
    await waitForVersion(site.baseUrl, 'mf_company', String(baseline));

    expect(await html('/company/partners')).toMatchObject({ status: 404 });
    expect(titleOf((await html('/company/about-us')).text)).toBe('About Us | Cardlift');
    expect(await sitemap()).not.toContain('/company/partners');
    expect(await linksToPartners('/')).toBe(0);
    expect(await servedVersion(site.baseUrl, 'mf_company')).toBe(baseline);
  });
});
