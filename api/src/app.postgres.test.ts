/**
 * The whole api with DATABASE_URL, as production runs it: leads, outbox, registry and readiness all
 * on PostgreSQL (a schema of its own, through the connection string, so nothing else is touched).
 * Runs when TEST_DATABASE_URL is set (.ci/run sets it).
 */
import pg from 'pg';
import request from 'supertest';
import { freshSchemaUrl } from '../test/postgres';
import { contactSubmission } from '../test/contact-submission';
import { testApp } from '../test/test-app';
import type { App } from './app';

const pgUrl = process.env.TEST_DATABASE_URL;
const lead = contactSubmission();

(pgUrl ? describe : describe.skip)('the api on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  let app: App;
  let schema = '';

  beforeAll(async () => {
    const databaseUrl = await freshSchemaUrl('app_test');
    schema = new URL(databaseUrl).searchParams.get('options')!.replace('-c search_path=', '');
    app = testApp({ databaseUrl, leadsWebhookUrl: 'http://127.0.0.1:9/hook' });
    await app.start();
  });
  afterAll(async () => {
    await app?.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).finally(() => client.end());
  });

  it('is ready, with its lead store on PostgreSQL', async () => {
    await request(app.koa.callback()).get('/api/ready').expect(200, { status: 'ready' });
    expect((await app.leads()).kind).toBe('postgres');
    expect((await app.registryStore()).kind).toBe('postgres');
  });

  it('stores a lead and its outbox row before thanking the visitor', async () => {
    const res = await request(app.koa.callback()).post('/api/contact').send(lead).expect(201);
    const store = await app.leads();
    expect((await store.listLeads()).map((l) => l.id)).toContain(res.body.id);
    expect((await store.listOutbox()).filter((e) => e.leadId === res.body.id).map((e) => e.channel)).toEqual(['webhook']);
  });

  it('refuses a NUL in a field with 400, and takes the corrected lead: nothing is lost', async () => {
    const store = await app.leads();
    const before = await store.countLeads();
    const refused = await request(app.koa.callback())
      .post('/api/contact')
      .send({ ...lead, company: 'Engines\u0000Ltd' })
      .expect(400);
    expect(refused.body.details.fieldErrors.company).toEqual(['Company name must not contain control characters']);
    await request(app.koa.callback()).post('/api/contact').send(lead).expect(201);
    expect(await store.countLeads()).toBe(before + 1);
  });

  it('serves the registry from the database', async () => {
    expect(await (await app.registryStore()).currentVersions()).toEqual(new Map());
    await request(app.koa.callback()).get('/api/remotes').expect(200);
  });
});
