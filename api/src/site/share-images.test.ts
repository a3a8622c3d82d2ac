/**
 * Share cards: every page's og:image answers a 1200x630 PNG, cached for good under its hashed name,
 * drawn once and kept across restarts; an old name leads to the current one; anything else is a 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { REMOTE_PACKAGES, writeRemoteBuild, writeShellServerBuild } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';
import { headTagsFor, shareCardPath, SITE_CARD, type HeadTag, type ShareCard } from '@cardlift/contracts';
import { NOT_FOUND_META } from './page-resolver';
import { ShareImageStore } from './share-images';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const meta = (tags: HeadTag[], id: string) =>
  tags.find((t): t is Extract<HeadTag, { kind: 'meta' }> => t.kind === 'meta' && t.id === id)?.content;

/** Builds that carry the real page tables (the api reads pages from the builds it serves). */
function fixtureSite(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-og-site-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<html><head><!--app-head--></head><body><!--app-html--><!--app-state--></body></html>',
  );
  writeShellServerBuild(root);
  for (const pkg of REMOTE_PACKAGES) writeRemoteBuild(root, pkg);
  return root;
}

const app = startedForSuite(testApp({ siteRoot: fixtureSite() }));
const agent = request(app.koa.callback());
const resolvePage = (pagePath: string) => app.resolvePage(pagePath);
const tagsOf = async (pagePath: string) => headTagsFor((await resolvePage(pagePath))?.meta ?? NOT_FOUND_META, pagePath);

describe('share images', () => {
  const sitemapPaths = async () =>
    [...(await agent.get('/sitemap.xml')).text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);

  it('gives every page an og:image that answers a 1200x630 PNG, with its size, type and alt in the tags', async () => {
    const seen = new Set<string>();
    const paths = [...(await sitemapPaths()), '/invest', '/components', '/casestudy/slingtv'];
    expect(paths.length).toBeGreaterThan(20);
    for (const pagePath of paths) {
      const tags = await tagsOf(pagePath);
      const image = new URL(meta(tags, 'og:image') ?? '').pathname;
      expect(meta(tags, 'twitter:image')).toBe(meta(tags, 'og:image'));
      expect([meta(tags, 'og:image:width'), meta(tags, 'og:image:height'), meta(tags, 'og:image:type')]).toEqual([
        '1200',
        '630',
        'image/png',
      ]);
      expect(meta(tags, 'og:image:alt')).toEqual(expect.stringMatching(/\w/));
      if (seen.has(image)) continue;
      seen.add(image);
      const res = await agent.get(image).buffer(true).expect(200).expect('Content-Type', 'image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(pngSize(res.body as Buffer)).toEqual({ width: 1200, height: 630 });
    }
  }, 60_000);

  it('gives case studies, posts, jobs, products and solutions their own card, and other pages the site card', async () => {
    const imageOf = async (pagePath: string) => meta(await tagsOf(pagePath), 'og:image');
    const job = app.content.jobs[0]!;
    expect(await imageOf('/case-studies/sling-tv-case-study')).toMatch(/\/og\/case-study\/sling-tv-case-study\.[0-9a-f]{16}\.png$/);
    // The aliases share the canonical page's card.
    expect(await imageOf('/casestudy/slingtv')).toBe(await imageOf('/case-studies/sling-tv-case-study'));
    expect(await imageOf('/blog/offers-api-announcement')).toMatch(/\/og\/post\/offers-api-announcement\./);
    expect(await imageOf(`/company/careers/${job.slug}`)).toMatch(new RegExp(`/og/job/${job.slug}\\.`));
    expect(await imageOf('/products/offers-api')).toMatch(/\/og\/product\/offers-api\./);
    expect(await imageOf('/solutions/retail')).toMatch(/\/og\/solution\/retail\./);
    expect(await imageOf('/company/about-us')).toMatch(/\/og\/site\/default\./);
    const alt = meta(await tagsOf(`/company/careers/${job.slug}`), 'og:image:alt');
    expect(alt).toBe(`Cardlift careers: ${job.title}`);
  });

  it('leads an outdated name to the current one, and answers 404 for cards of no page', async () => {
    const current = new URL(meta(await tagsOf('/solutions/retail'), 'og:image')!).pathname;
    const res = await agent.get('/og/solution/retail.0123456789abcdef.png').expect(302);
    expect(res.headers.location).toBe(current);
    await agent.get('/og/solution/no-such-solution.0123456789abcdef.png').expect(404);
    await agent.get('/og/case-study/../../etc.0123456789abcdef.png').expect(404);
    await agent.get('/og/site/other.0123456789abcdef.png').expect(404);
    await agent.get('/og/unknown/retail.0123456789abcdef.png').expect(404);
  });
});

describe('ShareImageStore', () => {
  it('draws a card once, even when asked twice at the same time, and keeps it across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardlift-og-'));
    const drawn: ShareCard[] = [];
    const draw = async (card: ShareCard) => {
      drawn.push(card);
      return Buffer.from(`png of ${card.title}`);
    };
    const logger = pino({ level: 'silent' });
    const first = new ShareImageStore(dir, logger, draw);
    const [a, b] = await Promise.all([first.get(SITE_CARD), first.get(SITE_CARD)]);
    expect(a.toString()).toBe(`png of ${SITE_CARD.title}`);
    expect(b).toEqual(a);
    expect(drawn).toHaveLength(1);
    expect(fs.existsSync(path.join(dir, ...shareCardPath(SITE_CARD).split('/').slice(2)))).toBe(true);

    const afterRestart = new ShareImageStore(dir, logger, draw);
    expect((await afterRestart.get(SITE_CARD)).toString()).toBe(`png of ${SITE_CARD.title}`);
    expect(drawn).toHaveLength(1);
  });
});
