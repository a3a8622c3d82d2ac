/**
 * The content API as a client uses it, against a started app on a fresh SQLite file seeded from
 * api/content/: tokens and roles, schema refusals that write nothing, text that stays text in the
 * page and its JSON-LD, revisions and restore, renames (301), scheduling and unpublishing.
 */
import request from 'supertest';
import { CONTENT_TOKENS, EDITOR_TOKEN, contentApi, waitFor } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { startedForSuite, testApp } from '../../test/test-app';

const app = startedForSuite(testApp({ siteRoot: writeFixtureSite(), contentTokens: CONTENT_TOKENS }));
const server = app.koa.callback();
const api = contentApi(server);
const editor = contentApi(server, EDITOR_TOKEN);

const latest = async (path: string) => (await api.get(path).expect(200)).body.content as Record<string, unknown>;
const revisionCount = async (path: string) => (await api.get(`${path}/revisions`).expect(200)).body.length as number;
const HOSTILE = `Q3 </script><script>alert("x")</script> <!-- & 'quoted' "twice" </title><b>`;

describe('content API', () => {
  it('refuses a missing or wrong token (401) and an editor publishing (403), writing nothing', async () => {
    await request(server).put('/api/content/blog/merchants-announcement').send({}).expect(401);
    await request(server).get('/api/content/blog/merchants-announcement/revisions').set('Authorization', 'Bearer nope').expect(401);
    const before = await revisionCount('blog/merchants-announcement');
    const res = await editor.publish('blog/merchants-announcement').expect(403);
    expect(res.body.code).toBe('forbidden');
    await editor.unpublish('blog/merchants-announcement').expect(403);
    // An editor saves drafts: what visitors see does not change.
    const post = await latest('blog/merchants-announcement');
    await editor.save('blog/merchants-announcement', { ...post, title: 'Draft title' }).expect(200);
    expect(await revisionCount('blog/merchants-announcement')).toBe(before + 1);
    expect((await request(server).get('/api/blog/merchants-announcement').expect(200)).body.title).toBe(post.title);
  });

  it('answers an invalid item 400 with each field path and message, and writes nothing', async () => {
    const study = await latest('casestudies/sling-tv-case-study');
    const before = await revisionCount('casestudies/sling-tv-case-study');
    const res = await api
      .save('casestudies/sling-tv-case-study', { ...study, title: '', metrics: [{ value: '1', description: 'no name' }] })
      .expect(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: expect.any(String) },
        { path: 'metrics.0', message: 'a metric needs a metric or a label' },
      ]),
    );
    expect(await revisionCount('casestudies/sling-tv-case-study')).toBe(before);
    await api.save('jobs/not-this-one', { title: 'no slug' }).expect(400);
    await api.get('jobs/not-this-one').expect(404);
  });

  it('publishes text that stays text in the page and in its JSON-LD', async () => {
    const study = await latest('casestudies/sling-tv-case-study');
    await api.save('casestudies/sling-tv-case-study', { ...study, title: HOSTILE, overview: HOSTILE }).expect(200);
    await api.publish('casestudies/sling-tv-case-study').expect(200);
    const html = (await request(server).get('/case-studies/sling-tv-case-study').expect(200)).text;
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>');
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!));
    expect(jsonLd.find((block) => block['@type'] === 'Article')?.headline).toBe(HOSTILE);
    await api.publish('casestudies/sling-tv-case-study').expect(200);
  });

  it('keeps every revision and restores one as a new draft, which a publish makes live', async () => {
    const path = 'blog/offers-api-announcement';
    const first = await latest(path);
    await api.save(path, { ...first, title: 'Second title' }).expect(200);
    await api.publish(path).expect(200);
    expect((await request(server).get('/api/blog/offers-api-announcement').expect(200)).body.title).toBe('Second title');
    const revisions = (await api.get(`${path}/revisions`).expect(200)).body as { revision: number; createdBy: string }[];
    expect(revisions.map((r) => r.createdBy)).toEqual(['seed', 'CONTENT_TOKEN_PUBLISHER']);
    const restored = await editor.restore(path, 1).expect(200);
    expect(restored.body).toMatchObject({ state: 'published', latestRevision: 3, liveRevision: 2 });
    expect((await api.get(`${path}/revisions`).expect(200)).body[2]).toMatchObject({ revision: 3, restoredFrom: 1 });
    await api.publish(path).expect(200);
    expect((await request(server).get('/api/blog/offers-api-announcement').expect(200)).body.title).toBe(first.title);
    await api.restore(path, 99).expect(404);
  });

  it("answers a published item's old path 301 with the new one once it is renamed", async () => {
    const post = await latest('blog/measuring-incrementality');
    await api.save('blog/measuring-incrementality', { ...post, id: 'measuring-lift' }).expect(200);
    // Renamed in a draft only: the old path is still the live one.
    await request(server).get('/blog/measuring-incrementality').expect(200);
    await api.publish('blog/measuring-lift').expect(200);
    await request(server).get('/blog/measuring-incrementality?ref=x').expect(301).expect('Location', '/blog/measuring-lift?ref=x');
    await request(server).get('/api/blog/measuring-incrementality').expect(301).expect('Location', '/api/blog/measuring-lift');
    await request(server).get('/blog/measuring-lift').expect(200);
    const list = (await request(server).get('/api/blog').expect(200)).body.map((p: { id: string }) => p.id);
    expect(list).toContain('measuring-lift');
    expect(list).not.toContain('measuring-incrementality');
  });

  it('publishes a scheduled item at its time, not before', async () => {
    const post = { ...(await latest('blog/publishers-announcement')), id: 'scheduled-news', title: 'Scheduled news' };
    await api.save('blog/scheduled-news', post).expect(200);
    const at = new Date(Date.now() + 2000).toISOString();
    expect((await api.publish('blog/scheduled-news', { at }).expect(200)).body).toMatchObject({ state: 'scheduled', publishAt: at });
    await request(server).get('/api/blog/scheduled-news').expect(404);
    const waited = await waitFor(async () => (await request(server).get('/api/blog/scheduled-news')).status === 200, 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    expect(waited).toBeGreaterThan(500);
    await request(server).get('/blog/scheduled-news').expect(200);
  });

  it('unpublishes: 404 for a case study, 410 for a job, and both leave the lists and the sitemap', async () => {
    await api.unpublish('casestudies/tandem-rides-case-study').expect(200);
    await request(server).get('/api/casestudies/tandem-rides-case-study').expect(404);
    await request(server).get('/case-studies/tandem-rides-case-study').expect(404);
    const studies = (await request(server).get('/api/casestudies').expect(200)).body.map((c: { id: string }) => c.id);
    expect(studies).not.toContain('tandem-rides-case-study');
    const job = await latest('jobs/partnerships-associate');
    await api.save('jobs/partnerships-associate', { ...job, validThrough: undefined }).expect(200);
    await api.publish('jobs/partnerships-associate').expect(200);
    expect((await request(server).get('/sitemap.xml').expect(200)).text).toContain('/company/careers/partnerships-associate<');
    await api.unpublish('jobs/partnerships-associate').expect(200);
    await request(server).get('/company/careers/partnerships-associate').expect(410);
    const jobs = (await request(server).get('/api/jobs').expect(200)).body.map((j: { slug: string }) => j.slug);
    expect(jobs).not.toContain('partnerships-associate');
    const sitemap = (await request(server).get('/sitemap.xml').expect(200)).text;
    expect(sitemap).not.toContain('partnerships-associate');
    expect(sitemap).not.toContain('tandem-rides-case-study');
    await api.unpublish('jobs/partnerships-associate').expect(409);
  });

  it('lists the live postings that close within 14 days', async () => {
    const job = await latest('jobs/client-success-manager');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    await api.save('jobs/client-success-manager', { ...job, validThrough: day(5) }).expect(200);
    await api.publish('jobs/client-success-manager').expect(200);
    const later = await latest('jobs/senior-backend-engineer');
    await api.save('jobs/senior-backend-engineer', { ...later, validThrough: day(30) }).expect(200);
    await api.publish('jobs/senior-backend-engineer').expect(200);
    const soon = (await editor.get('jobs/closing-soon').expect(200)).body as { slug: string; validThrough: string }[];
    expect(soon).toContainEqual({ slug: 'client-success-manager', title: job.title, validThrough: day(5) });
    expect(soon.map((j) => j.slug)).not.toContain('senior-backend-engineer');
  });

  it('records who did what, when, before and after', async () => {
    const store = await app.editorialStore();
    const item = (await store.item('blog', 'offers-api-announcement'))!;
    const audit = await store.audit(item.uid);
    expect(audit.map((a) => [a.actor, a.action])).toEqual([
      ['seed', 'seed'],
      ['CONTENT_TOKEN_PUBLISHER', 'save'],
      ['CONTENT_TOKEN_PUBLISHER', 'publish'],
      ['CONTENT_TOKEN_EDITOR', 'restore 1'],
      ['CONTENT_TOKEN_PUBLISHER', 'publish'],
    ]);
    expect(audit[2]).toMatchObject({ before: { title: expect.any(String) }, after: { title: 'Second title' }, at: expect.any(String) });
  });
});
