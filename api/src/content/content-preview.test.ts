/**
 * Previewing a draft as an editor does, against a started app seeded from api/content/: the browser
 * holding the preview cookie gets the draft in the page's HTML, head tags, JSON-LD, share card, lists
 * and /api answers; every other request, before and after, gets the published post.
 */
import request from 'supertest';
import { CONTENT_TOKENS, EDITOR_TOKEN, contentApi } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';

const app = startedForSuite(testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS }));
const server = app.koa.callback();
const editor = contentApi(server, EDITOR_TOKEN);
const POST = 'blog/offers-api-announcement';
const DRAFT_TITLE = 'A draft title nobody has published';

const preview = (path: string, token = EDITOR_TOKEN) =>
  request(server).post(`/api/content/${path}/preview`).set('Authorization', `Bearer ${token}`);

/** The cookie a preview answer sets, as the browser sends it back. */
async function previewCookie(path: string): Promise<{ cookie: string; url: string }> {
  const res = await preview(path).expect(200);
  const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = set.find((c) => c.startsWith('cardlift_content_preview='));
  expect(cookie).toMatch(/httponly/i);
  return { cookie: cookie!.split(';')[0]!, url: res.body.url as string };
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
const ogImage = (html: string) => new URL(/<meta property="og:image" content="([^"]+)"/.exec(html)![1]!).pathname;

describe('content preview', () => {
  let published: string;
  let cookie: string;
  let url: string;

  beforeAll(async () => {
    const post = (await editor.get(POST).expect(200)).body.content as Record<string, unknown>;
    published = post.title as string;
    await editor.save(POST, { ...post, title: DRAFT_TITLE }).expect(200);
    ({ cookie, url } = await previewCookie(POST));
  });

  it("shows the browser holding the cookie the draft's page, head tags and JSON-LD, never cached or indexed", async () => {
    expect(url).toBe('/blog/offers-api-announcement');
    // Asked first with the cookie, so a kept render of it would be what the next visitor gets.
    const res = await request(server).get(url).set('Cookie', cookie).expect(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.text).toMatch(new RegExp(`<title>${DRAFT_TITLE}[^<]*</title>`));
    expect(res.text).toMatch(new RegExp(`<meta property="og:title" content="${DRAFT_TITLE}`));
    expect(jsonLd(res.text).some((item) => item.headline === DRAFT_TITLE)).toBe(true);
    expect(res.text).not.toContain(`<title>${published}`);

    const visitor = await request(server).get(url).expect(200);
    expect(visitor.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=/);
    expect(visitor.text).toMatch(new RegExp(`<title>${published}`));
    expect(visitor.text).not.toContain(DRAFT_TITLE);
    expect(jsonLd(visitor.text).some((item) => item.headline === published)).toBe(true);
  });

  it('answers the /api reads of that browser with the draft too, so hydration finds the same page', async () => {
    const one = await request(server).get('/api/blog/offers-api-announcement').set('Cookie', cookie).expect(200);
    expect(one.body.title).toBe(DRAFT_TITLE);
    expect(one.headers['cache-control']).toContain('no-store');
    const list = await request(server).get('/api/blog').set('Cookie', cookie).expect(200);
    expect(list.body.map((p: { title: string }) => p.title)).toContain(DRAFT_TITLE);
    expect((await request(server).get('/api/blog/offers-api-announcement').expect(200)).body.title).toBe(published);
    expect((await request(server).get('/api/blog').expect(200)).text).not.toContain(DRAFT_TITLE);
  });

  it("draws the draft's share card for that browser alone", async () => {
    const card = ogImage((await request(server).get(url).set('Cookie', cookie).expect(200)).text);
    expect(card).toMatch(/^\/og\/post\/offers-api-announcement\.[0-9a-f]{16}\.png$/);
    expect(ogImage((await request(server).get(url).expect(200)).text)).not.toBe(card);
    const drawn = await request(server).get(card).set('Cookie', cookie).expect(200);
    expect(drawn.headers['content-type']).toBe('image/png');
    expect(drawn.headers['cache-control']).toBe('private, no-store');
    // Without the cookie that card names no published page: sent on to the published one's.
    const visitor = await request(server).get(card).expect(302);
    expect(visitor.headers.location).not.toBe(card);
  });

  it('ignores a tampered cookie, and refuses a preview of an unknown item or without a token', async () => {
    const [name, value] = cookie.split('=');
    const tampered = `${name}=${value!.slice(0, -2)}xx`;
    expect((await request(server).get(url).set('Cookie', tampered).expect(200)).text).toMatch(new RegExp(`<title>${published}`));
    expect((await preview('blog/no-such-post').expect(404)).body.code).toBe('not_found');
    await request(server).post(`/api/content/${POST}/preview`).expect(401);
  });

  it('previews a post never published: its page exists for that browser alone', async () => {
    const post = (await editor.get(POST).expect(200)).body.content as Record<string, unknown>;
    await editor.save('blog/a-post-still-in-draft', { ...post, id: 'a-post-still-in-draft', title: 'Still in draft' }).expect(200);
    await request(server).get('/blog/a-post-still-in-draft').expect(404);
    const draft = await previewCookie('blog/a-post-still-in-draft');
    expect(draft.url).toBe('/blog/a-post-still-in-draft');
    const res = await request(server).get(draft.url).set('Cookie', draft.cookie).expect(200);
    expect(res.text).toMatch(/<title>Still in draft/);
    // The answer the visitor got before is not what this browser gets, and this one is not kept for visitors.
    await request(server).get('/blog/a-post-still-in-draft').expect(404);
    await request(server).get('/api/blog/a-post-still-in-draft').expect(404);
  });

  it('ends with GET /api/preview/exit', async () => {
    const res = await request(server).get('/api/preview/exit').set('Cookie', cookie).expect(302);
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('cardlift_content_preview='));
    expect(cleared).toMatch(/expires=Thu, 01 Jan 1970/i);
  });
});
