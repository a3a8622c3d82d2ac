/**
 * Job postings expire: with the clock set past a posting's validThrough, it leaves the careers list,
 * the sitemap and the JSON-LD, and its page is answered 410 Gone with noindex, all without a restart
 * (content is loaded once; whether a posting is open is decided on each request).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { writeRemoteBuild, writeShellServerBuild } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';

function job(slug: string, validThrough?: string) {
  return {
    id: slug,
    slug,
    title: `Role ${slug}`,
    department: 'Engineering',
    location: 'New York, NY',
    postedDate: '2026-11-02',
    ...(validThrough ? { validThrough } : {}),
    description: 'Build the offers platform.',
  };
}

/** A content folder with one posting that closes and one without validThrough, and a bare shell build. */
function fixtures(): { CONTENT_DIR: string; SITE_ROOT: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-jobs-'));
  const jobs = path.join(root, 'content', 'jobs');
  fs.mkdirSync(jobs, { recursive: true });
  for (const item of [job('closing-role', '2027-02-28'), job('evergreen-role')]) {
    fs.writeFileSync(path.join(jobs, `${item.slug}.json`), JSON.stringify(item));
  }
  const shell = path.join(root, 'site', 'shell', 'dist');
  fs.mkdirSync(shell, { recursive: true });
  fs.writeFileSync(path.join(shell, 'index.html'), '<html><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>');
  writeShellServerBuild(path.join(root, 'site'));
  writeRemoteBuild(path.join(root, 'site'), 'mf-company');
  return { CONTENT_DIR: path.join(root, 'content'), SITE_ROOT: path.join(root, 'site') };
}

const { CONTENT_DIR, SITE_ROOT } = fixtures();
let now = new Date('2026-11-22T10:00:00Z');
const app = testApp({ contentDir: CONTENT_DIR, siteRoot: SITE_ROOT }, { clock: () => now });
const server = app.koa.callback();
startedForSuite(app);

const jsonLdTypes = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1] as string)['@type']);
const listed = async () => (await request(server).get('/api/jobs').expect(200)).body.map((j: { slug: string }) => j.slug);
const sitemap = async () => (await request(server).get('/sitemap.xml').expect(200)).text;

describe('job postings over time', () => {
  it('advertises a posting while it is open: listed, in the sitemap, its page 200 with its JobPosting', async () => {
    now = new Date('2027-02-28T23:00:00Z');
    expect(await listed()).toEqual(['closing-role', 'evergreen-role']);
    expect(await sitemap()).toContain('/company/careers/closing-role</loc>');
    const page = await request(server).get('/company/careers/closing-role').expect(200);
    expect(jsonLdTypes(page.text)).toEqual(['JobPosting']);
    expect(page.text).toContain('<meta name="robots" content="index, follow">');
    expect((await request(server).get('/api/jobs/closing-role').expect(200)).body.open).toBe(true);
  });

  it('once its validThrough has passed, drops it from the list, the sitemap and the JSON-LD, and answers its page 410 noindex', async () => {
    now = new Date('2027-03-01T00:00:01Z');
    expect(await listed()).toEqual(['evergreen-role']);
    expect(await sitemap()).not.toContain('closing-role');
    const page = await request(server).get('/company/careers/closing-role').expect(410);
    expect(page.type).toBe('text/html');
    expect(page.text).toContain('<title>Role closing-role (closed) | Careers | Cardlift</title>');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(jsonLdTypes(page.text)).toEqual([]);
    // The page's own data says it is closed, so the browser shows the same closed page.
    expect(page.text).toMatch(/"queryKey":\["\/api\/jobs","closing-role"\],"data":\{[^}]*"open":false/);
    const one = await request(server).get('/api/jobs/closing-role').expect(200);
    expect(one.body).toMatchObject({ slug: 'closing-role', open: false });
    // The careers page inlines the list it shows: without the closed posting.
    const careers = await request(server).get('/company/careers').expect(200);
    expect(careers.text).not.toContain('closing-role');
  });

  it('keeps a posting without validThrough open whatever the date', async () => {
    now = new Date('2099-01-01T00:00:00Z');
    expect(await listed()).toEqual(['evergreen-role']);
    const page = await request(server).get('/company/careers/evergreen-role').expect(200);
    expect(jsonLdTypes(page.text)).toEqual(['JobPosting']);
    expect(await sitemap()).toContain('/company/careers/evergreen-role</loc>');
  });
});
