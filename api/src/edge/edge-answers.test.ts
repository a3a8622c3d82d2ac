/**
 * What the api tells a shared cache, answer by answer: pages and the JSON reads are shared and tagged
 * with the builds and content they show, answer If-None-Match with 304, and are kept only briefly
 * while a purge of their tags is overdue; answers personal to one visitor are private and untagged.
 */
import request from 'supertest';
import { CONTENT_TOKENS, contentApi } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';
import { edgeConfig } from './edge-config';

const siteRoot = writeFixtureSite();
// A cache that never answers: every purge stays overdue.
const edge = edgeConfig({ EDGE_PURGE: 'varnish:http://127.0.0.1:9', EDGE_PURGE_OVERDUE_MS: '1', EDGE_OVERDUE_TTL: '5' });
const app = startedForSuite(testApp({ siteRoot, contentTokens: CONTENT_TOKENS, edge }));
const server = () => app.koa.callback();
const tags = (res: request.Response) => String(res.headers['surrogate-key']).split(' ');

describe('shared answers', () => {
  it('tag a page with the shell, every remote of its snapshot, its section, the menus and the content it shows', async () => {
    const res = await request(server()).get('/case-studies').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=3600, stale-while-revalidate=60, stale-if-error=86400');
    expect(tags(res)).toEqual(
      expect.arrayContaining(['site', 'shell', 'nav', 'banners', 'list-casestudies', 'section-mf_resources', 'remote-mf_company']),
    );
    expect(res.headers['cache-tag']).toBe(tags(res).join(','));
    expect(res.headers.xkey).toBe(tags(res).join(' '));
    const post = await request(server()).get('/api/blog/offers-api-announcement').expect(200);
    expect(tags(post)).toEqual(['content-blog-offers-api-announcement', 'site']);
  });

  it('answer If-None-Match with 304, whatever the request asks of caches', async () => {
    const first = await request(server()).get('/invest').expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+-\w+"$/);
    await request(server()).get('/invest').set('If-None-Match', etag).set('Cache-Control', 'no-cache').expect(304);
    await request(server()).get('/invest').set('If-None-Match', '"other"').expect(200);
  });

  it('are kept only briefly while the purge of a tag they name is overdue', async () => {
    const before = await request(server()).get('/blog/measuring-incrementality').expect(200);
    expect(before.headers['cache-control']).toMatch(/s-maxage=3600/);
    const post = (await request(server()).get('/api/blog/measuring-incrementality')).body as object;
    await contentApi(server())
      .save('blog/measuring-incrementality', { ...post, title: 'Measured again' })
      .expect(200);
    await contentApi(server()).publish('blog/measuring-incrementality').expect(200);
    const deadline = Date.now() + 5000;
    let after = await request(server()).get('/blog/measuring-incrementality');
    while (!/s-maxage=5,/.test(after.headers['cache-control'] as string) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await request(server()).get('/blog/measuring-incrementality');
    }
    expect(after.headers['cache-control']).toMatch(/s-maxage=5,/);
    // A page that names none of the purge's tags keeps its time.
    expect((await request(server()).get('/invest')).headers['cache-control']).toMatch(/s-maxage=3600/);
  });
});

describe('personal answers', () => {
  const untagged = (res: request.Response) => {
    for (const header of ['surrogate-key', 'cache-tag', 'xkey']) expect(res.headers[header]).toBeUndefined();
  };

  it("are private: a form's thanks, a landing drawn from the Referer, writes and sign-in", async () => {
    const thanks = await request(server()).get('/?contact=sent').expect(200);
    expect(thanks.headers['cache-control']).toBe('private, no-store');
    untagged(thanks);
    const referred = await request(server()).get('/').set('Referer', 'https://news.example/story').expect(200);
    expect(referred.headers['cache-control']).toBe('private, no-store');
    untagged(referred);
    const campaign = await request(server()).get('/?utm_source=mail').expect(200);
    expect(campaign.headers['cache-control']).toMatch(/^public/);
    const signIn = await request(server()).post('/api/editor/session').send({ email: 'a@example.com', password: 'wrong password' });
    expect(signIn.headers['cache-control']).toMatch(/no-store/);
    untagged(signIn);
  });

  it('are what /api/ready and an unknown api path answer', async () => {
    expect((await request(server()).get('/api/ready')).headers['cache-control']).toBe('no-store');
    const unknown = await request(server()).get('/api/nothing-here').expect(404);
    expect(unknown.headers['cache-control']).toBe('private, no-cache');
    untagged(unknown);
  });

  it('a cached "message not sent" page, for a cache to show when no origin takes a form', async () => {
    const res = await request(server()).get('/contact-not-sent').expect(200);
    expect(res.text).toContain('your message was not sent');
    expect(res.text).toContain('mailto:sales@cardlift.example');
    expect(res.text).not.toContain('<script');
    expect(res.headers['cache-control']).toMatch(/s-maxage=86400/);
  });
});
