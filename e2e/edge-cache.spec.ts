/**
 * The site behind a real Varnish running the shipped VCL: each main page is answered from the cache
 * the second time and reaches the origin once; the origin answers If-None-Match with 304; answers
 * personal to one visitor (a preview, a form's result or error page, the editor, /metrics) are never
 * stored, checked with two clients; and random query strings cannot make the cache miss.
 */
import crypto from 'node:crypto';
import { contactSubmission } from '../api/test/contact-submission';
import { contentApi } from '../api/test/content-api-client';
import { describeBehindVarnish, edgeGet, MAIN_PAGES, startEdgeSite, type EdgeSite } from './support/edge';

const PUBLISHER = 'edge-cache-publisher';
const METRICS = 'edge-cache-metrics';
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describeBehindVarnish('the site behind Varnish', () => {
  let edge: EdgeSite;
  let cache: string;
  beforeAll(async () => {
    edge = await startEdgeSite({
      CONTENT_DIR: process.env.E2E_CONTENT_DIR ?? '',
      CONTENT_TOKEN_PUBLISHER: `${sha256(PUBLISHER)}:publisher`,
      METRICS_TOKEN: sha256(METRICS),
    });
    cache = edge.caches[0]!.url;
  }, 90_000);
  afterAll(() => edge?.stop());

  it('answers the second request for each main page from the cache, and the origin sees each page once', async () => {
    for (const path of MAIN_PAGES) {
      const first = await edgeGet(cache, path);
      expect([path, first.status]).toEqual([path, 200]);
      const second = await edgeGet(cache, path);
      expect([path, second.hit]).toEqual([path, true]);
      expect(second.body).toBe(first.body);
      expect([path, edge.origin.count(path)]).toEqual([path, 1]);
      // The tags are the cache's business: none leaves it.
      for (const header of ['xkey', 'surrogate-key', 'cache-tag']) expect(second.headers.get(header)).toBeNull();
    }
  });

  it('answers If-None-Match with 304 at the origin, and at the cache', async () => {
    const origin = edge.site.baseUrl;
    const first = await edgeGet(origin, '/invest');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await edgeGet(origin, '/invest', { 'If-None-Match': etag! })).status).toBe(304);
    const cached = await edgeGet(cache, '/invest');
    expect((await edgeGet(cache, '/invest', { 'If-None-Match': cached.headers.get('etag')! })).status).toBe(304);
  });

  it('never stores a preview: a second client gets the published post', async () => {
    const auth = { Authorization: `Bearer ${PUBLISHER}`, 'Content-Type': 'application/json' };
    const id = 'measuring-incrementality';
    const post = (await (await fetch(`${edge.site.baseUrl}/api/blog/${id}`)).json()) as { title: string };
    const draftTitle = `A draft only its editor sees ${crypto.randomUUID()}`;
    await contentApi(edge.site.baseUrl, PUBLISHER)
      .save(`blog/${id}`, { ...post, title: draftTitle })
      .expect(200);
    const preview = await fetch(`${edge.site.baseUrl}/api/content/blog/${id}/preview`, { method: 'POST', headers: auth, body: '{}' });
    const cookie = preview.headers.get('set-cookie')!.split(';')[0]!;
    const previewer = await edgeGet(cache, `/blog/${id}`, { Cookie: cookie });
    expect(previewer.body).toContain(draftTitle);
    expect(previewer.headers.get('cache-control')).toBe('private, no-store');
    const visitor = await edgeGet(cache, `/blog/${id}`);
    expect(visitor.body).not.toContain(draftTitle);
    expect(visitor.body).toContain(post.title);
  });

  it("never stores a form's thanks or its error page: a second client gets the plain page", async () => {
    const thanked = await edgeGet(cache, '/solutions/retail?contact=sent');
    expect(thanked.headers.get('cache-control')).toBe('private, no-store');
    const again = await edgeGet(cache, '/solutions/retail?contact=sent');
    expect(again.hit).toBe(false);
    const plain = await edgeGet(cache, '/solutions/retail');
    expect(plain.body).not.toBe(thanked.body);

    const typed = `Company ${crypto.randomUUID()}`;
    const { agreeToUpdates: _, ...entries } = contactSubmission({ company: typed });
    const form = new URLSearchParams({ ...entries, email: 'not an address' });
    const refused = await fetch(`${cache}/company/about-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: form.toString(),
    });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain(typed);
    expect(refused.headers.get('cache-control')).toMatch(/no-store/);
    const other = await edgeGet(cache, '/company/about-us');
    expect(other.status).toBe(200);
    expect(other.body).not.toContain(typed);
  });

  it('never stores the editor or /metrics', async () => {
    for (const path of ['/editor', '/metrics']) {
      const headers: Record<string, string> = path === '/metrics' ? { Authorization: `Bearer ${METRICS}` } : {};
      const before = edge.origin.count(path);
      await edgeGet(cache, path, headers);
      const second = await edgeGet(cache, path, headers);
      expect([path, second.hit, edge.origin.count(path) - before]).toEqual([path, false, 2]);
      expect(second.headers.get('cache-control')).toBe('no-store');
    }
    // A client without the token never gets the first one's figures.
    expect((await edgeGet(cache, '/metrics')).status).toBe(401);
  });

  it('keeps random query strings out of the key: 100 of them reach the origin at most once', async () => {
    const path = '/company/press';
    const reached = () => edge.origin.requests.filter((r) => r.url.split('?')[0] === path).length;
    const before = reached();
    for (let i = 0; i < 100; i++) expect((await edgeGet(cache, `${path}?x=${crypto.randomUUID()}`)).status).toBe(200);
    expect(reached() - before).toBeLessThanOrEqual(1);
    // The campaign parameters the form records stay: the landing page carries them.
    const campaign = await edgeGet(cache, `${path}?utm_source=newsletter&x=1`);
    expect(campaign.body).toContain('value="newsletter"');
    expect(edge.origin.requests.at(-1)?.url).toBe(`${path}?utm_source=newsletter`);
  });
});
