/**
 * The release health timeline shows experiments on the pages they touch, on SQLite and PostgreSQL:
 * an experiment on a blog post, started and stopped through the API, is marked on the Resources
 * section's timeline (the blog's section) and its page, and on no other section's.
 */
import crypto from 'node:crypto';
import request from 'supertest';
import { REMOTE_NAMES, timelineExperimentsSchema, type ReleaseTimeline } from '@cardlift/contracts';
import { CONTENT_TOKENS, PUBLISHER_TOKEN, contentApi } from '../../test/content-api-client';
import { describeEachDatabase } from '../../test/databases';
import { itemOnSection } from './experiment-timeline';
import { writeFixtureSite } from '../../test/fixture-builds';
import { testApp } from '../../test/test-app';
import type { App } from '../app';
import { blogExperimentPlan } from '../../test/experiment-plans';

const RESOURCES = 'resources-release-token';
const COMPANY = 'company-release-token';
const sha = (t: string) => crypto.createHash('sha256').update(t).digest('hex');

describeEachDatabase('experiments on the release health timeline', 'experiment_timeline', (database) => {
  let app: App;
  let server: ReturnType<App['koa']['callback']>;

  beforeAll(async () => {
    const env = await database.env();
    app = testApp({
      siteRoot: writeFixtureSite(),
      contentTokens: CONTENT_TOKENS,
      releaseTokenHashes: { mf_resources: sha(RESOURCES), mf_company: sha(COMPANY) },
      ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    });
    await app.start();
    server = app.koa.callback();
  }, 60_000);
  afterAll(() => app.close());

  const timeline = async (remote: string, token: string) =>
    (await request(server).get(`/api/releases/${remote}/health/timeline?hours=1`).set('Authorization', `Bearer ${token}`).expect(200))
      .body as ReleaseTimeline;

  it('marks the start and stop on the section of the item page, with its name and page, and on no other', async () => {
    const api = contentApi(server);
    const live = (await api.get('blog/merchants-announcement').expect(200)).body.content as Record<string, unknown>;
    const saved = await api.save('blog/merchants-announcement', { ...live, title: 'Variant B headline' }).expect(200);
    const revision = saved.body.latestRevision as number;
    const as = { Authorization: `Bearer ${PUBLISHER_TOKEN}` };
    await request(server)
      .post('/api/experiments')
      .set(as)
      .send(blogExperimentPlan('headline', revision, 0.03))
      .expect(201);
    await request(server).post('/api/experiments/headline/start').set(as).expect(200);
    await request(server).post('/api/experiments/headline/stop').set(as).send({ reason: 'enough' }).expect(200);

    const resources = await timeline('mf_resources', RESOURCES);
    const marks = timelineExperimentsSchema.parse(resources.experiments);
    expect(marks?.map((m) => [m.action, m.experiment, m.kind, m.itemId, m.path])).toEqual([
      ['start', 'headline', 'blog', 'merchants-announcement', '/blog/merchants-announcement'],
      ['stop', 'headline', 'blog', 'merchants-announcement', '/blog/merchants-announcement'],
    ]);
    expect((await timeline('mf_company', COMPANY)).experiments).toEqual([]);

    // The health page names both marks, in the chart (an image described in words) and in its table.
    const page = await request(server)
      .post('/releases/health')
      .type('form')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({ remote: 'mf_resources', hours: '1', token: RESOURCES })
      .expect(200);
    expect(page.text).toContain('data-experiment="start"');
    expect(page.text).toContain('experiment headline started');
    expect(page.text).toContain('experiment headline stopped');
    expect(page.text).toMatch(/Experiments: experiment headline started on \/blog\/merchants-announcement/);
  });
});

describe('the sections an experiment touches', () => {
  it('is the section serving the item page, and every section for a banner (shown on every page)', () => {
    const on = (kind: 'blog' | 'jobs' | 'casestudies' | 'banners', id: string) => REMOTE_NAMES.filter((r) => itemOnSection(kind, id, r));
    expect(on('blog', 'merchants-announcement')).toEqual(['mf_resources']);
    expect(on('casestudies', 'acme')).toEqual(['mf_resources']);
    expect(on('jobs', 'engineer')).toEqual(['mf_company']);
    expect(on('banners', 'spring')).toEqual([...REMOTE_NAMES]);
  });
});
