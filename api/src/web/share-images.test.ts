/**
 * Share cards: every page's og:image answers a 1200x630 PNG, cached for good under its hashed name,
 * drawn once and kept across restarts; an old name leads to the current one; anything else is a 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { testApp } from '../../test/test-app';
import { headTagsFor, shareCardPath, SITE_CARD, type HeadTag, type ShareCard } from '../contracts';
import { NOT_FOUND_META, resolvePage } from './page-resolver';
import { ShareImageStore } from './share-images';
import { sitemapPaths } from './sitemap';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const meta = (tags: HeadTag[], id: string) =>
  tags.find((t): t is Extract<HeadTag, { kind: 'meta' }> => t.kind === 'meta' && t.id === id)?.content;

const app = testApp();
const agent = request(app.koa.callback());
afterAll(() => app.close());

describe('share images', () => {
  const paths = [...sitemapPaths(app.content), '/invest', '/components', '/casestudy/slingtv'];

  it('gives every page an og:image that answers a 1200x630 PNG, with its size, type and alt in the tags', async () => {
    const seen = new Set<string>();
    for (const pagePath of paths) {
      const page = resolvePage(pagePath, app.content);
      const tags = headTagsFor(page?.meta ?? NOT_FOUND_META, pagePath);
      const image = new URL(meta(tags, 'og:image') ?? '').pathname;
      expect(meta(tags, 'twitter:image')).toBe(meta(tags, 'og:image'));
      expect([meta(tags, 'og:image:width'), meta(tags, 'og:image:height'), meta(tags, 'og:image:type')]).toEqual(['1200', '630', 'image/png']);
      expect(meta(tags, 'og:image:alt')).toEqual(expect.stringMatching(/\w/));
      if (seen.has(image)) continue;
      seen.add(image);
      const res = await agent.get(image).buffer(true).expect(200).expect('Content-Type', 'image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(pngSize(res.body as Buffer)).toEqual({ width: 1200, height: 630 });
    }
  }, 60_000);

  it('gives case studies, posts, jobs, products and solutions their own card, and other pages the site card', () => {
    const imageOf = (pagePath: string) => meta(headTagsFor(resolvePage(pagePath, app.content)!.meta, pagePath), 'og:image');
    const job = app.content.jobs[0]!;
    expect(imageOf('/case-studies/sling-tv-case-study')).toMatch(/\/og\/case-study\/sling-tv-case-study\.[0-9a-f]{16}\.png$/);
    // The aliases share the canonical page's card.
    expect(imageOf('/casestudy/slingtv')).toBe(imageOf('/case-studies/sling-tv-case-study'));
    expect(imageOf('/blog/offers-api-announcement')).toMatch(/\/og\/post\/offers-api-announcement\./);
    expect(imageOf(`/company/careers/${job.slug}`)).toMatch(new RegExp(`/og/job/${job.slug}\\.`));
    expect(imageOf('/products/offers-api')).toMatch(/\/og\/product\/offers-api\./);
    expect(imageOf('/solutions/retail')).toMatch(/\/og\/solution\/retail\./);
    expect(imageOf('/company/about-us')).toMatch(/\/og\/site\/default\./);
    const alt = meta(headTagsFor(resolvePage(`/company/careers/${job.slug}`, app.content)!.meta, `/company/careers/${job.slug}`), 'og:image:alt');
    expect(alt).toBe(`Cardlift careers: ${job.title}`);
  });

  it('leads an outdated name to the current one, and answers 404 for cards of no page', async () => {
    const current = new URL(meta(headTagsFor(resolvePage('/solutions/retail', app.content)!.meta, '/solutions/retail'), 'og:image')!).pathname;
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
