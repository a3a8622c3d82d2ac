/**
 * What the api sends browsers and crawlers: HTML with head tags and the inlined registry, 404s,
 * sitemap and robots, cache headers, and build files that never leak outside their folders.
 * Runs against a fixture build so it needs no real front-end build.
 */
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createApp } from '../app';
import { loadConfig } from '../app-config';
import {
  NAV_MENUS,
  navigationPath,
  REMOTE_NAMES,
  sectionForPath,
  type BootData,
  type NavLists,
  type RemoteEntry,
  type SiteNavigation,
} from '@cardlift/contracts';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite } from '../../test/test-app';
import { dataForPath } from './query-data';

const siteRoot = writeFixtureSite();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-data-'));
const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, SITE_ROOT: siteRoot }), logLevel: 'silent' };
const app = createApp({ config });
/** What a page or a JSON read answers: shared caches keep it (purged on a change), browsers revalidate. */
const SHARED = /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/;
const server = app.koa.callback();
startedForSuite(app);

function bootData(html: string): BootData {
  const block = /<script type="application\/json" id="cardlift-boot">(.*?)<\/script>/.exec(html)?.[1];
  return JSON.parse(block ?? '{"scripts":[],"preload":[]}') as BootData;
}

/** Where the site serves the build of `remote` it composes pages from (`/remotes/<remote>/<version>/`). */
async function servedBase(remote: string): Promise<string> {
  const registry = (await request(server).get('/api/remotes').expect(200)).body as RemoteEntry[];
  return registry.find((entry) => entry.name === remote)!.entry.replace(/mf-manifest\.json$/, '');
}

describe('pages', () => {
  it('sends the home page with its head tags, the registry inlined and its remote fetched by the boot script', async () => {
    const res = await request(server).get('/').expect(200);
    expect(res.type).toBe('text/html');
    expect(res.headers['cache-control']).toMatch(SHARED);
    expect(res.text).toContain('<title>Cardlift | Card-linked offers that bring customers back</title>');
    expect(res.text).toContain('<link rel="canonical" href="https://www.cardlift.example/">');
    expect(res.text).toContain('"@type":"Organization"');
    expect(res.text).toContain('<script type="application/json" id="cardlift-remotes">');
    // The checkout's build, named by its content like a release: a rebuild is another version.
    const base = await servedBase('mf_marketing');
    expect(base).toMatch(/^\/remotes\/mf_marketing\/0\.0\.0-[0-9a-f]{10}\/$/);
    expect(res.text).toContain(`${base}mf-manifest.json`);
    expect(bootData(res.text).preload).toContainEqual({ href: `${base}remoteEntry.js`, as: 'script' });
    // The browser loads the container script directly: the manifest is not fetched.
    expect(bootData(res.text).preload.map((file) => file.href)).not.toContain(`${base}mf-manifest.json`);
  });

  it("links the route's remote stylesheet and has the boot script fetch its entry and chunks, and no other remote's", async () => {
    const res = await request(server).get('/').expect(200);
    const base = await servedBase('mf_marketing');
    expect(res.text).toContain(`<link rel="stylesheet" href="${base}assets/routes.abcdef1234.css">`);
    const { preload } = bootData(res.text);
    expect(preload).toContainEqual({ href: `${base}remoteEntry.js`, as: 'script' });
    expect(preload).toContainEqual({ href: `${base}assets/routes.abcdef1234.js`, as: 'script' });
    expect(res.text).not.toContain(`${await servedBase('mf_invest')}remoteEntry.js`);
  });

  it('leaves the page body to the browser when the shell has no server build', async () => {
    const res = await request(server).get('/').expect(200);
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('inlines the banner and the data the page declares, so it renders without asking again', async () => {
    const res = await request(server).get('/').expect(200);
    const block = /<script type="application\/json" id="cardlift-data">(.*?)<\/script>/.exec(res.text)?.[1] ?? '[]';
    const entries = JSON.parse(block) as { queryKey: string[]; data: unknown }[];
    expect(entries.map((e) => e.queryKey)).toEqual([['/api/banners'], ['/api/casestudies']]);
    // The cards' fields of each case study (their shape: query-data.test.ts); the api answers them whole.
    expect(entries[1]?.data).toEqual(dataForPath('/api/casestudies', app.content));
    expect((entries[1]?.data as unknown[]).length).toBe(app.content.caseStudies.length);
    const full = await request(server).get('/api/casestudies').expect(200);
    expect(full.body).toEqual(app.content.caseStudies);
    expect(block).not.toMatch(/<\/script/i);
  });

  it('answers unknown routes with 404 and the not-found title', async () => {
    const res = await request(server).get('/definitely/not/here').expect(404);
    expect(res.text).toContain('<title>404 Page Not Found | Cardlift</title>');
    expect(res.text).toContain('noindex');
  });

  it('redirects /resources to the case studies', async () => {
    await request(server).get('/resources').expect(301).expect('Location', '/case-studies');
    await request(server).get('/company').expect(301).expect('Location', '/company/about-us');
  });

  it.each(['//evil.example/x', '/\\evil.example/x', '///evil.example/x'])(
    'keeps the canonical URL of %s on the site origin',
    async (url) => {
      const res = await request(server).get(url);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(res.text)?.[1];
      const ogUrl = /<meta property="og:url" content="([^"]+)"/.exec(res.text)?.[1];
      expect(canonical).toBe('https://www.cardlift.example/evil.example/x');
      expect(ogUrl).toBe(canonical);
    },
  );

  it('answers unknown api paths with JSON, never the app', async () => {
    const res = await request(server).get('/api/nope').expect(404);
    expect(res.type).toBe('application/json');
    expect(res.body.error).toMatch(/No api endpoint/);
  });
});

/**
 * The links of the sections these lists were written for: a section added later (a new row of the
 * table of remotes) brings links of its own, which its own tests check, and these lists stay exact.
 */
const LISTED_SECTIONS: readonly string[] = ['mf_marketing', 'mf_resources', 'mf_company', 'mf_invest'];
const listedOnly = (lists: NavLists): NavLists =>
  Object.fromEntries(
    NAV_MENUS.map((menu) => [menu, lists[menu].filter((link) => LISTED_SECTIONS.includes(sectionForPath(link.href)?.remote ?? ''))]),
  ) as NavLists;
const navigationOf = async (): Promise<SiteNavigation> => {
  const { header, footer } = (await request(server).get('/api/navigation').expect(200)).body as SiteNavigation;
  return { header: listedOnly(header), footer: listedOnly(footer) };
};
const hrefs = (links: { href: string }[]) => links.map((link) => link.href);

describe("the menus' links, from the sections' page tables", () => {
  it("are answered by GET /api/navigation in each page's order, and fetched by every page beside its code", async () => {
    const answered = await request(server).get('/api/navigation').expect(200);
    expect(answered.headers['cache-control']).toMatch(SHARED);
    const { header, footer } = await navigationOf();
    expect(header.products.map((link) => link.label)).toEqual([
      'Offers Network',
      'Card-Linked Offers',
      'Merchants',
      'Publishers',
      'Transactional Data',
      'Offers API',
    ]);
    expect(header.products[5]).toEqual({
      label: 'Offers API',
      href: '/products/offers-api',
      description: 'Launch an offers programme with one API',
    });
    // What a visitor reads in the Solutions menu, in the marketing team's order.
    expect(header.solutions.map((link) => link.label)).toEqual([
      'Retail',
      'Essentials',
      'Subscriptions + Streaming',
      'Financial Institutions',
      'Restaurants + Food Delivery',
      'Travel + Ride Share',
      'Agencies',
    ]);
    expect(header.solutions[2]?.href).toBe('/solutions/subscriptions-streaming');
    expect(hrefs(header.resources)).toEqual(['/case-studies', '/blog']);
    expect(header.company.map((link) => [link.label, link.description])).toEqual([
      ['About Us', 'Our mission, pillars and values'],
      ['Careers', 'Open roles on our team'],
    ]);
    expect(hrefs(footer.products)).toEqual([
      '/products/offers-network',
      '/products/card-linked-offers',
      '/products/transactional-data',
      '/products/offers-api',
    ]);
    expect(footer.solutions).toEqual(header.solutions);
    expect(hrefs(footer.resources)).toEqual(['/case-studies', '/blog', '/privacy', '/terms']);
    expect(hrefs(footer.company)).toEqual(['/company/about-us', '/company/careers']);

    // Preloaded by the boot script on every page, the not-found page included, so hydration never waits long.
    for (const [pathname, status] of [
      ['/company/careers', 200],
      ['/definitely/not/here', 404],
    ] as const) {
      const page = await request(server).get(pathname).expect(status);
      // Naming the page's own builds: its links are theirs even after a release (see the next test).
      const registry = (await request(server).get('/api/remotes').expect(200)).body as RemoteEntry[];
      expect(bootData(page.text).preload).toContainEqual({ href: navigationPath(registry), as: 'fetch' });
    }
  });

  it("keep a section's links while its registry entry points at a build this api does not serve (a dev server)", async () => {
    process.env.REMOTE_MF_COMPANY_ENTRY = 'http://localhost:3103/mf-manifest.json';
    try {
      expect(hrefs((await navigationOf()).header.company)).toEqual(['/company/about-us', '/company/careers']);
    } finally {
      delete process.env.REMOTE_MF_COMPANY_ENTRY;
    }
  });
});

/** The raw bytes and encoding of a page as a brotli-taking browser gets it. */
function rawPage(pathname: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const listening = http.createServer(server).listen(0, () => {
      const { port } = listening.address() as { port: number };
      http
        .get({ port, path: pathname, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            listening.close();
            resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) });
          });
        })
        .on('error', reject);
    });
  });
}

describe('page compression', () => {
  it("sends a page compressed at brotli's best once it is ready, the same HTML in fewer bytes", async () => {
    const first = await rawPage('/company/careers');
    expect(first.encoding).toBe('br');
    let best = first;
    for (let attempt = 0; attempt < 50 && best.body.length >= first.body.length; attempt++) {
      await new Promise((done) => setTimeout(done, 100));
      best = await rawPage('/company/careers');
    }
    expect(best.encoding).toBe('br');
    expect(best.body.length).toBeLessThan(first.body.length * 0.95);
    expect(zlib.brotliDecompressSync(best.body).toString()).toBe(zlib.brotliDecompressSync(first.body).toString());
  });
});

describe('registry', () => {
  it('lists every built remote with its manifest URL', async () => {
    const res = await request(server).get('/api/remotes').expect(200);
    expect(res.headers['cache-control']).toMatch(SHARED);
    expect(res.body.map((r: { name: string }) => r.name)).toEqual(REMOTE_NAMES);
  });

  it('lets an environment variable point a remote at another origin', async () => {
    process.env.REMOTE_MF_INVEST_ENTRY = 'https://cdn.example.test/invest/mf-manifest.json';
    try {
      const res = await request(server).get('/api/remotes').expect(200);
      expect(res.body.find((r: { name: string }) => r.name === 'mf_invest').entry).toBe('https://cdn.example.test/invest/mf-manifest.json');
    } finally {
      delete process.env.REMOTE_MF_INVEST_ENTRY;
    }
  });
});

describe('files', () => {
  it("caches hashed assets for a year, and keeps the checkout build's manifests and remote entries briefly at the edge", async () => {
    const asset = await request(server).get('/assets/main.0123456789.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await request(server).get('/remotes/mf_invest/local/assets/chunk.abcdef1234.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await request(server).get('/remotes/mf_invest/local/mf-manifest.json').expect(200);
    expect(manifest.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=300,/);
    expect(manifest.headers['surrogate-key']).toContain('remote-mf_invest');
    const entry = await request(server).get('/remotes/mf_invest/local/remoteEntry.js').expect(200);
    expect(entry.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=300,/);
  });

  it('never serves dotfiles or paths outside a build folder', async () => {
    await request(server)
      .get('/assets/../.env')
      .expect((res) => expect(res.status).not.toBe(200));
    await request(server)
      .get('/assets/%2e%2e/.env')
      .expect((res) => expect(res.status).not.toBe(200));
    await request(server)
      .get('/remotes/mf_invest/local/..%2f..%2fshell%2fdist%2f.env')
      .expect((res) => expect(res.status).not.toBe(200));
    await request(server).get('/remotes/mf_invest/..%2f..%2f/mf-manifest.json').expect(404);
    await request(server).get('/remotes/not_a_remote/local/mf-manifest.json').expect(404);
  });
});

describe('crawlers', () => {
  it('publishes robots.txt with the sitemap', async () => {
    const res = await request(server).get('/robots.txt').expect(200);
    expect(res.text).toContain('Sitemap: https://www.cardlift.example/sitemap.xml');
  });

  it('lists indexable pages in sitemap.xml, never /invest', async () => {
    const res = await request(server).get('/sitemap.xml').expect(200);
    expect(res.text).toContain('<loc>https://www.cardlift.example/</loc>');
    expect(res.text).not.toContain('/invest<');
  });
});
