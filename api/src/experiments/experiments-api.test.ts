/**
 * The experiment API on a started app, on SQLite and on PostgreSQL (when TEST_DATABASE_URL is set):
 * a publisher creates an experiment on a blog post with one draft as variant B, starts it, cannot
 * change the post while it runs, stops it and ships B, which becomes what visitors read. Every step
 * is in the audit trail and on /metrics.
 */
import request from 'supertest';
import { CONTENT_TOKENS, EDITOR_TOKEN, PUBLISHER_TOKEN, contentApi } from '../../test/content-api-client';
import { writeFixtureSite } from '../../test/fixture-builds';
import { describeEachDatabase } from '../../test/databases';
import { testApp } from '../../test/test-app';
import { sha256Hex } from '../platform/token-hash';
import type { App } from '../app';
import { postgresRunner, sqliteRunner } from '../database/own-database';
import { blogExperimentPlan } from '../../test/experiment-plans';

const POST = 'blog/merchants-announcement';
const METRICS_TOKEN = 'metrics-token-for-tests';

describeEachDatabase('experiments API', 'experiments_api', (database) => {
  let app: App;
  let drop: () => Promise<void>;
  let server: ReturnType<App['koa']['callback']>;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    const fresh = await database.fresh();
    drop = fresh.drop;
    app = testApp({
      siteRoot: writeFixtureSite(),
      contentTokens: CONTENT_TOKENS,
      metricsTokenHash: sha256Hex(METRICS_TOKEN),
      ...fresh.target,
    });
    await app.start();
    server = app.koa.callback();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  const plan = (id: string, revision: number) => blogExperimentPlan(id, revision, 0.03);

  it('runs an experiment from draft to shipped, refusing edits of the post while it runs', async () => {
    const api = contentApi(server);
    const post = (await api.get(POST).expect(200)).body;
    const live = post.content as Record<string, unknown>;
    const saved = await api.save(POST, { ...live, title: 'Variant B headline' }).expect(200);
    const variantRevision = saved.body.latestRevision as number;

    // Only a publisher creates; a bad plan or a revision the post never had is refused, creating nothing.
    await request(server).post('/api/experiments').set(as(EDITOR_TOKEN)).send(plan('headline', variantRevision)).expect(403);
    const bad = await request(server)
      .post('/api/experiments')
      .set(as(PUBLISHER_TOKEN))
      .send({ ...plan('headline', variantRevision), split: [50] })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('split needs one weight for the control and one per variant');
    const missing = await request(server).post('/api/experiments').set(as(PUBLISHER_TOKEN)).send(plan('headline', 999)).expect(422);
    expect(missing.body.error).toMatch(/has no revision 999 \(variant "B"\)/);
    expect((await request(server).get('/api/experiments').set(as(EDITOR_TOKEN)).expect(200)).body).toEqual([]);

    const created = await request(server)
      .post('/api/experiments')
      .set(as(PUBLISHER_TOKEN))
      .send(plan('headline', variantRevision))
      .expect(201);
    expect(created.body).toMatchObject({ id: 'headline', state: 'draft', plan: { split: [1, 1], trafficShare: 1 } });
    // The sample size for +20 % on 3 % (two-sided 5 %, power 80 %).
    expect(created.body.plan.plannedVisitors).toBe(13_914);
    await request(server).post('/api/experiments').set(as(PUBLISHER_TOKEN)).send(plan('headline', variantRevision)).expect(409);

    const started = await request(server).post('/api/experiments/headline/start').set(as(PUBLISHER_TOKEN)).expect(200);
    expect(started.body).toMatchObject({ state: 'running', controlRevision: post.liveRevision });
    await request(server).post('/api/experiments/headline/start').set(as(PUBLISHER_TOKEN)).expect(409);

    // Two people at once: a marketer editing variant B (or anything of the post) while it runs is refused.
    const refused = await api.save(POST, { ...live, title: 'Sneaky change' }).expect(409);
    expect(refused.body).toMatchObject({ code: 'experiment_running' });
    expect(refused.body.error).toMatch(/in the running experiment "headline": it cannot change until the experiment is stopped or shipped/);
    await api.publish(POST).expect(409);
    expect((await api.get(POST).expect(200)).body.latestRevision).toBe(variantRevision);
    expect((await request(server).get('/api/blog/merchants-announcement').expect(200)).body.title).toBe(live.title);

    const stopped = await request(server)
      .post('/api/experiments/headline/stop')
      .set(as(PUBLISHER_TOKEN))
      .send({ reason: 'B looks fine' })
      .expect(200);
    expect(stopped.body).toMatchObject({ state: 'stopped', endReason: 'stopped by hand: B looks fine' });
    await request(server).post('/api/experiments/headline/ship').set(as(PUBLISHER_TOKEN)).send({ variant: 'C' }).expect(422);
    const shipped = await request(server)
      .post('/api/experiments/headline/ship')
      .set(as(PUBLISHER_TOKEN))
      .send({ variant: 'B' })
      .expect(200);
    expect(shipped.body).toMatchObject({ state: 'shipped', shippedVariant: 'B' });
    // Published through the content service: B's headline is what visitors read.
    expect((await request(server).get('/api/blog/merchants-announcement').expect(200)).body.title).toBe('Variant B headline');
    await api.save(POST, { ...live, title: 'Editable again' }).expect(200);

    const db = app.config.databaseUrl ? await postgresRunner(app.config.databaseUrl) : sqliteRunner(app.config.dataDir);
    const audit = await db
      .query<{ actor: string; action: string }>(
        "SELECT actor, action FROM editor_audit WHERE subject = 'experiment:headline' ORDER BY id",
        [],
      )
      .finally(() => undefined);
    // Each change of what visitors see purged the post's pages at the edge, in the change's own transaction.
    const purges = await db
      .query<{ tags: string; reason: string }>("SELECT tags, reason FROM edge_purges WHERE reason LIKE 'experiment %' ORDER BY id", [])
      .finally(() => db.close());
    expect(purges).toEqual(
      ['start', 'stop', 'ship'].map((action) => ({ tags: 'content-blog-merchants-announcement', reason: `experiment ${action} headline` })),
    );
    expect(audit).toEqual(
      ['experiment create', 'experiment start', 'experiment stop', 'experiment ship B'].map((action) => ({
        actor: 'CONTENT_TOKEN_PUBLISHER',
        action,
      })),
    );
    const metrics = (await request(server).get('/metrics').set(as(METRICS_TOKEN)).expect(200)).text;
    for (const event of ['create', 'start', 'stop', 'ship'])
      expect(metrics).toContain(`cardlift_experiment_events_total{event="${event}"} 1`);
    expect(metrics).toContain('cardlift_experiment_events_total{event="guardrail"} 0');
    expect(metrics).toContain('cardlift_experiments_running 0');
  });

  it("answers the planner's sample size, the figure an experiment is planned on, and refuses a rate that cannot be", async () => {
    const size = (query: string) => request(server).get(`/api/experiments/sample-size?${query}`).set(as(EDITOR_TOKEN));
    expect((await size('baselineRate=0.03&minimumLift=0.2').expect(200)).body).toEqual({ perArm: 13_914 });
    expect((await size('baselineRate=3&minimumLift=0.2').expect(400)).body.error).toMatch(/baselineRate must lie between 0 and 1/);
    expect((await size('baselineRate=0.9&minimumLift=0.2').expect(422)).body.error).toMatch(/must stay below 100 %/);
    await request(server).get('/api/experiments/sample-size?baselineRate=0.03&minimumLift=0.2').expect(401);
  });
});
