import request from 'supertest';
import { ATTRIBUTION_TEXT_MAX, CONTACT_SUCCESS_MESSAGE, TEXT_FIELD_MAX } from '@cardlift/contracts';
import { testApp } from '../../test/test-app';
import type { App } from '../app';

const valid = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  jobTitle: 'VP Marketing',
  company: 'Compilers Inc',
  businessHelp: 'customer-acquisition',
};

const apps: App[] = [];
function app(overrides: Parameters<typeof testApp>[0] = {}) {
  const created = testApp(overrides);
  apps.push(created);
  return created;
}
afterAll(async () => {
  for (const a of apps) await a.close();
});

const post = (a: App, body: unknown) =>
  request(a.koa.callback())
    .post('/api/contact')
    .send(body as object);
const count = async (a: App) => (await a.leads()).countLeads();

describe('POST /api/contact', () => {
  it('stores a valid lead before answering 201, agreeToUpdates defaulting to false', async () => {
    const a = app();
    const res = await post(a, valid).expect(201).expect('Content-Type', /json/);
    expect(res.body).toEqual({ id: expect.any(String), message: CONTACT_SUCCESS_MESSAGE });
    const [lead] = await (await a.leads()).listLeads();
    expect(lead).toMatchObject({ ...valid, id: res.body.id, agreeToUpdates: false });
  });

  it('thanks the visitor with the product copy', async () => {
    const res = await post(app(), valid).expect(201);
    expect(res.body.message).toBe("Thank you for your message! We'll get back to you soon.");
  });

  it('trims text and keeps agreeToUpdates', async () => {
    const a = app();
    await post(a, { ...valid, firstName: '  Grace ', agreeToUpdates: true }).expect(201);
    const [lead] = await (await a.leads()).listLeads();
    expect(lead).toMatchObject({ firstName: 'Grace', agreeToUpdates: true });
  });

  it.each([
    ['firstName missing', { ...valid, firstName: undefined }, 'First name is required', 'firstName'],
    ['lastName blank', { ...valid, lastName: '   ' }, 'Last name is required', 'lastName'],
    ['bad email', { ...valid, email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    ['jobTitle missing', { ...valid, jobTitle: '' }, 'Job title is required', 'jobTitle'],
    ['company missing', { ...valid, company: undefined }, 'Company name is required', 'company'],
    ['businessHelp empty', { ...valid, businessHelp: '' }, 'Please tell us how we can help', 'businessHelp'],
    ['businessHelp unknown', { ...valid, businessHelp: 'free-money' }, 'Please tell us how we can help', 'businessHelp'],
    [
      'text too long',
      { ...valid, company: 'x'.repeat(TEXT_FIELD_MAX + 1) },
      `Company name must be at most ${TEXT_FIELD_MAX} characters`,
      'company',
    ],
    ['agreeToUpdates not boolean', { ...valid, agreeToUpdates: 'yes' }, 'agreeToUpdates must be true or false', 'agreeToUpdates'],
    ['a number for a name', { ...valid, firstName: 42 }, 'First name is required', 'firstName'],
    ['a NUL in a name', { ...valid, firstName: 'Gr\u0000ace' }, 'First name must not contain control characters', 'firstName'],
    ['an escape in a company', { ...valid, company: 'Acme\u001b[31m' }, 'Company name must not contain control characters', 'company'],
    [
      'a line break in a job title',
      { ...valid, jobTitle: 'CTO\nBcc: x@example.com' },
      'Job title must not contain control characters',
      'jobTitle',
    ],
    ['a C1 control in a last name', { ...valid, lastName: 'Hop\u0085per' }, 'Last name must not contain control characters', 'lastName'],
    ['a NUL in an email', { ...valid, email: 'grace\u0000@example.com' }, 'Please enter a valid email address', 'email'],
  ])('refuses %s with 400 and the field in details', async (_name, body, message, field) => {
    const a = app();
    const res = await post(a, body).expect(400);
    expect(res.body.error).toBe(message);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details.fieldErrors[field]).toContain(message);
    expect(await count(a)).toBe(0);
  });

  it('answers the first message when several fields are wrong', async () => {
    const res = await post(app(), {}).expect(400);
    expect(res.body.error).toBe('First name is required');
    expect(Object.keys(res.body.details.fieldErrors)).toEqual(['firstName', 'lastName', 'email', 'jobTitle', 'company', 'businessHelp']);
  });

  it('stores where the visit came from with the lead', async () => {
    const a = app();
    const attribution = {
      utmSource: 'x',
      utmCampaign: 'y',
      referrer: 'https://news.example/post',
      landingPage: '/?utm_source=x&utm_campaign=y',
    };
    await post(a, { ...valid, attribution }).expect(201);
    const [lead] = await (await a.leads()).listLeads();
    expect(lead?.attribution).toEqual(attribution);
  });

  it('keeps the lead when attribution is odd: unknown keys dropped, long values cut, a non-URL referrer dropped', async () => {
    const a = app();
    const attribution = {
      utmSource: '  newsletter ',
      utmCampaign: 'c'.repeat(ATTRIBUTION_TEXT_MAX + 50),
      referrer: 'android-app://com.example',
      landingPage: 'https://elsewhere.example/',
      gclid: 'tracking-id',
    };
    await post(a, { ...valid, attribution }).expect(201);
    const [lead] = await (await a.leads()).listLeads();
    expect(lead?.attribution).toEqual({ utmSource: 'newsletter', utmCampaign: 'c'.repeat(ATTRIBUTION_TEXT_MAX) });
  });

  it('refuses attribution no browser of ours sends: not an object, or a value that is not text', async () => {
    const a = app();
    const notObject = await post(a, { ...valid, attribution: 'utm_source=x' }).expect(400);
    expect(notObject.body.error).toBe('attribution must be an object');
    const notText = await post(a, { ...valid, attribution: { utmSource: 42 } }).expect(400);
    expect(notText.body.error).toBe('attribution.utmSource must be text');
    expect(await count(a)).toBe(0);
  });

  it('refuses unknown fields, arrays and non-objects', async () => {
    const a = app();
    const unknown = await post(a, { ...valid, isAdmin: true }).expect(400);
    expect(unknown.body.error).toMatch(/isAdmin/);
    await post(a, [valid]).expect(400, { error: 'Request body must be a JSON object', code: 'invalid_body' });
    for (const raw of ['"text"', '42', 'null', 'true']) {
      const res = await request(a.koa.callback()).post('/api/contact').set('Content-Type', 'application/json').send(raw).expect(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await count(a)).toBe(0);
  });

  it('answers 400 for malformed JSON without parser internals', async () => {
    const a = app();
    const res = await request(a.koa.callback())
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"firstName": ')
      .expect(400);
    expect(res.body).toEqual({ error: 'Malformed JSON body', code: 'malformed_json' });
    const proto = await request(a.koa.callback())
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"__proto__": {"x": 1}}')
      .expect(400);
    expect(proto.body.error).toBe('Malformed JSON body');
  });

  it('answers 415 for another content type and 413 above 16 KB', async () => {
    const a = app();
    const form = await request(a.koa.callback()).post('/api/contact').type('form').send(valid).expect(415);
    expect(form.body).toEqual({ error: 'Content-Type must be application/json', code: 'unsupported_media_type' });
    await request(a.koa.callback()).post('/api/contact').set('Content-Type', 'text/plain').send(JSON.stringify(valid)).expect(415);
    const big = await post(a, { ...valid, padding: 'x'.repeat(17 * 1024) }).expect(413);
    expect(big.body).toEqual({ error: 'Request body is too large', code: 'payload_too_large' });
    expect(JSON.stringify(big.body)).not.toMatch(/stack|Error:|node_modules/);
    expect(await count(a)).toBe(0);
  });

  it('accepts a filled honeypot with the same 201 and stores nothing', async () => {
    const a = app();
    const res = await post(a, { ...valid, website: 'http://spam.example' }).expect(201);
    expect(res.body).toEqual({ id: expect.any(String), message: CONTACT_SUCCESS_MESSAGE });
    expect(await count(a)).toBe(0);
    await post(a, { ...valid, website: '' }).expect(201);
    expect(await count(a)).toBe(1);
  });

  it('limits submissions per client per minute with 429, and never limits reads', async () => {
    const a = app({ contactRateLimit: 2 });
    const server = a.koa.callback();
    await post(a, valid).expect(201);
    await post(a, valid).expect(201);
    const limited = await post(a, valid).expect(429);
    expect(limited.body).toEqual({ error: expect.stringMatching(/Too many/), code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await request(server).get('/api/casestudies').expect(200);
    expect(await count(a)).toBe(2);
  });

  it('writes one outbox row per configured channel in the same transaction', async () => {
    const a = app({ leadsWebhookUrl: 'http://127.0.0.1:9/hook', smtpUrl: 'smtp://127.0.0.1:9', leadsEmailTo: 'sales@example.com' });
    const res = await post(a, valid).expect(201);
    const outbox = await (await a.leads()).listOutbox();
    expect(outbox.map((e) => [e.leadId, e.channel, e.status])).toEqual([
      [res.body.id, 'webhook', 'pending'],
      [res.body.id, 'email', 'pending'],
    ]);
  });

  it('only accepts POST', async () => {
    await request(app().koa.callback()).get('/api/contact').expect(405);
  });
});
