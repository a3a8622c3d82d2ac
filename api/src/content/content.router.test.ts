import request from 'supertest';
import { bannersSchema, blogPostSchema, blogPostSummarySchema, caseStudySchema, jobPostingSchema } from '@cardlift/contracts';
import { testApp } from '../../test/test-app';

// The shipped job postings close on their validThrough dates; these checks are about the endpoints,
// so they read the content as of the day it was last refreshed (job-expiry.test.ts covers closing).
const { koa } = testApp({}, { clock: () => new Date('2026-11-22T12:00:00Z') });
const server = koa.callback();

describe('content endpoints', () => {
  it('GET /api/banners answers the documented shape with an existing post id', async () => {
    const res = await request(server).get('/api/banners').expect(200).expect('Content-Type', /json/);
    const banners = bannersSchema.parse(res.body);
    expect(banners.primary).toEqual({ text: expect.any(String), link: expect.stringMatching(/^\//) });
    const post = banners.secondary?.blogPostId;
    expect(post).toBeDefined();
    await request(server).get(`/api/blog/${post}`).expect(200);
  });

  it('GET /api/casestudies lists at least 6, including the Sling TV story', async () => {
    const res = await request(server).get('/api/casestudies').expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(6);
    for (const item of res.body) caseStudySchema.parse(item);
    expect(res.body.map((c: { id: string }) => c.id)).toContain('sling-tv-case-study');
  });

  it('GET /api/casestudies/:id answers one case study, 404 with the error body when unknown', async () => {
    const res = await request(server).get('/api/casestudies/sling-tv-case-study').expect(200);
    expect(res.body.client).toBe('Sling TV');
    expect(res.body.challenge).toContain('\n• ');
    const missing = await request(server).get('/api/casestudies/nope').expect(404);
    expect(missing.body).toEqual({ error: 'Case study not found', code: 'not_found' });
  });

  it('case studies exercise every icon keyword, and some names match none', async () => {
    const res = await request(server).get('/api/casestudies');
    const names: string[] = res.body.flatMap((c: ReturnType<typeof caseStudySchema.parse>) => [
      ...c.solutionDetails.map((d) => `${d.icon} ${d.title}`),
      ...c.metrics.map((m) => m.metric ?? m.label ?? ''),
    ]);
    const keywords = [
      /users|people|redemption/i,
      /card/i,
      /message/i,
      /refresh/i,
      /roas|roi/i,
      /revenue|money|\$/i,
      /conversion|rate|%/i,
      /time|hours|days/i,
    ];
    for (const keyword of keywords) expect(names.some((n) => keyword.test(n))).toBe(true);
    expect(names.some((n) => keywords.every((k) => !k.test(n)))).toBe(true);
  });

  it('GET /api/blog answers summaries without content; /api/blog/:id the full post', async () => {
    const list = await request(server).get('/api/blog').expect(200);
    expect(list.body.length).toBeGreaterThanOrEqual(6);
    for (const item of list.body) {
      blogPostSummarySchema.strict().parse(item);
    }
    for (const product of ['offers-network', 'card-linked-offers', 'transactional-data', 'offers-api', 'merchants', 'publishers']) {
      const post = await request(server).get(`/api/blog/${product}-announcement`).expect(200);
      const parsed = blogPostSchema.parse(post.body);
      expect(parsed.content.sections.length).toBeGreaterThan(0);
    }
    const withCta = await request(server).get('/api/blog/card-linked-offers-announcement');
    expect(withCta.body.content.callToAction.buttonText).toBe('Get in Touch');
    const withoutCta = await request(server).get('/api/blog/transactional-data-announcement');
    expect(withoutCta.body.content.callToAction).toBeUndefined();
    await request(server).get('/api/blog/unknown-post').expect(404, { error: 'Blog post not found', code: 'not_found' });
  });

  it('GET /api/jobs and /api/jobs/:slug', async () => {
    const list = await request(server).get('/api/jobs').expect(200);
    expect(list.body.length).toBeGreaterThanOrEqual(5);
    for (const item of list.body) expect(jobPostingSchema.parse(item).open).toBe(true);
    expect(new Set(list.body.map((j: { department: string }) => j.department)).size).toBeGreaterThan(2);
    expect(list.body.some((j: { remote: boolean }) => j.remote)).toBe(true);
    expect(list.body.some((j: { level?: string }) => j.level === undefined)).toBe(true);
    const slug = list.body[0].slug;
    const one = await request(server).get(`/api/jobs/${slug}`).expect(200);
    expect(one.body).toMatchObject({ slug, open: true });
    await request(server).get('/api/jobs/no-such-job').expect(404, { error: 'Job not found', code: 'not_found' });
  });

  it('unknown api paths and methods answer JSON errors', async () => {
    await request(server).get('/api/nothing').expect(404).expect('Content-Type', /json/);
    const res = await request(server).delete('/api/casestudies').expect(405);
    expect(res.body.error).toEqual(expect.any(String));
  });
});
